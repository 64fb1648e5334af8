// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/**
 * @title IKeyRegistry
 * @notice The types of Farcaster's Key Registry, under the real interface's name so the stand-in's
 *         ABI carries the same `internalType`s (`enum IKeyRegistry.KeyState`,
 *         `struct IKeyRegistry.KeyData`) as the real contract's.
 */
interface IKeyRegistry {
    /// @notice A key's state for an fid: never added, added, or removed (removal is final).
    enum KeyState {
        NULL,
        ADDED,
        REMOVED
    }

    /// @notice A key's state and type (keyType 1 = ed25519 signer).
    struct KeyData {
        KeyState state;
        uint32 keyType;
    }
}

/**
 * @title KeyRegistryStandIn
 * @notice DEVELOPMENT AND TEST ONLY (issue 16: Farcaster signer). A stand-in for Farcaster's Key
 *         Registry (OP Mainnet, 0x00000000Fc1237824fb747aBDE0FF18990E59b7e) with the same read
 *         interface (`keys`, `keyDataOf`, `totalKeys`) and the same `Add` and `Remove` events, so
 *         code written against the real registry can be exercised on a local anvil.
 * @dev Its runtime bytecode is placed at the Key Registry's address with `anvil_setCode`, so no
 *      constructor ever runs: there is no constructor state and no immutable. Anyone may `add` a
 *      key to any fid and `remove` it (no Id Registry, no gateway, no signatures, no metadata
 *      validation, no per-fid limit). Never deploy it to a real chain.
 */
contract KeyRegistryStandIn is IKeyRegistry {
    /// @notice `add` of a key that is not NULL, or `remove` of a key that is not ADDED.
    error InvalidState();

    /// @notice Emitted when `key` is added to `fid` (same signature as the real Key Registry).
    event Add(
        uint256 indexed fid,
        uint32 indexed keyType,
        bytes indexed key,
        bytes keyBytes,
        uint8 metadataType,
        bytes metadata
    );

    /// @notice Emitted when `key` is removed from `fid` (same signature as the real Key Registry).
    event Remove(uint256 indexed fid, bytes indexed key, bytes keyBytes);

    /// @notice The state and type of each key of each fid.
    mapping(uint256 fid => mapping(bytes key => KeyData data)) public keys;

    /// @notice How many keys of an fid are in each state (NULL always counts 0).
    mapping(uint256 fid => mapping(KeyState state => uint256 count)) internal _totals;

    /**
     * @notice The state and type of `key` for `fid` (state NULL and type 0 when never added).
     * @param fid The fid.
     * @param key The key's bytes.
     */
    function keyDataOf(uint256 fid, bytes calldata key) external view returns (KeyData memory) {
        return keys[fid][key];
    }

    /**
     * @notice How many keys `fid` has in `state`.
     * @param fid The fid.
     * @param state The state counted (NULL counts 0).
     */
    function totalKeys(uint256 fid, KeyState state) external view returns (uint256) {
        return _totals[fid][state];
    }

    /**
     * @notice Adds `key` to `fid` (state ADDED) and emits `Add`.
     * @dev Reverts with `InvalidState()` unless the key's state is NULL.
     * @param fid The fid.
     * @param keyType The key's type (1 = ed25519 signer).
     * @param key The key's bytes.
     * @param metadataType The metadata's type (1 = signed key request), emitted only.
     * @param metadata The metadata, emitted only.
     */
    function add(
        uint256 fid,
        uint32 keyType,
        bytes calldata key,
        uint8 metadataType,
        bytes calldata metadata
    ) external {
        KeyData storage keyData = keys[fid][key];
        if (keyData.state != KeyState.NULL) revert InvalidState();
        keyData.state = KeyState.ADDED;
        keyData.keyType = keyType;
        ++_totals[fid][KeyState.ADDED];
        emit Add(fid, keyType, key, key, metadataType, metadata);
    }

    /**
     * @notice Removes `key` from `fid` (state REMOVED, type kept) and emits `Remove`.
     * @dev Reverts with `InvalidState()` unless the key's state is ADDED.
     * @param fid The fid.
     * @param key The key's bytes.
     */
    function remove(uint256 fid, bytes calldata key) external {
        KeyData storage keyData = keys[fid][key];
        if (keyData.state != KeyState.ADDED) revert InvalidState();
        keyData.state = KeyState.REMOVED;
        --_totals[fid][KeyState.ADDED];
        ++_totals[fid][KeyState.REMOVED];
        emit Remove(fid, key, key);
    }
}
