// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/**
 * @title IdRegistryStandIn
 * @notice DEVELOPMENT AND TEST ONLY (issue 16). A stand-in for Farcaster's Id Registry
 *         (OP Mainnet, 0x00000000Fc6c5F01Fc30151999387Bb99A9f489b) with the same read
 *         interface (`idOf`, `custodyOf`, `idCounter`), so Farcaster's auth-client's
 *         `viemConnector` can verify Sign In With Farcaster messages against a local anvil.
 * @dev Its runtime bytecode is placed at the Id Registry's address with `anvil_setCode`, so no
 *      constructor ever runs: there is no constructor state and no immutable. Anyone may
 *      `register` a custody address (no signatures, no fees, no transfers, no recovery). Never
 *      deploy it to a real chain.
 */
contract IdRegistryStandIn {
    /// @notice The custody address already owns an fid.
    error HasId();

    /// @notice Emitted when `to` receives fid `id` (same signature as the real Id Registry).
    event Register(address indexed to, uint256 indexed id, address recovery);

    /// @notice The last fid assigned (0 before the first registration).
    uint256 public idCounter;

    /// @notice The fid owned by a custody address (0 when it has none).
    mapping(address owner => uint256 fid) public idOf;

    /// @notice The custody address of an fid (address(0) when the fid is unassigned).
    mapping(uint256 fid => address custody) public custodyOf;

    /**
     * @notice Assigns the next fid (starting at 1) to `to`, with no recovery address.
     * @param to The custody address.
     * @return fid The new fid.
     */
    function register(address to) external returns (uint256 fid) {
        if (idOf[to] != 0) revert HasId();
        unchecked {
            fid = ++idCounter;
        }
        idOf[to] = fid;
        custodyOf[fid] = to;
        emit Register(to, fid, address(0));
    }
}
