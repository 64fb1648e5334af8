// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/**
 * @title AggregatorV3StandIn
 * @notice DEVELOPMENT AND TEST ONLY (issue 20). A price feed with Chainlink's AggregatorV3Interface
 *         (`decimals`, `description`, `version`, `getRoundData`, `latestRoundData`), so the
 *         server's Chainlink price source reads it through the same code path as a real feed on a
 *         local anvil chain. Anyone may post a round; never deploy it to a real chain.
 */
contract AggregatorV3StandIn {
    /// @notice The round asked for does not exist.
    error NoDataPresent();

    /// @notice Emitted for each posted round (same signature as Chainlink's AnswerUpdated).
    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    struct Round {
        int256 answer;
        uint256 startedAt;
        uint256 updatedAt;
    }

    /// @notice Decimals of every answer (Chainlink's USD feeds use 8).
    uint8 public immutable decimals;

    /// @notice The pair, e.g. "ETH / USD".
    string public description;

    /// @notice The aggregator version (Chainlink's current aggregators answer 4).
    uint256 public constant version = 4;

    /// @notice The id of the latest round (0 before the first).
    uint80 public latestRound;

    mapping(uint80 roundId => Round) private rounds;

    /**
     * @param decimals_ Decimals of the answers.
     * @param description_ The pair.
     * @param initialAnswer The first round's answer, posted at the deploying block's time.
     */
    constructor(uint8 decimals_, string memory description_, int256 initialAnswer) {
        decimals = decimals_;
        description = description_;
        _post(initialAnswer, block.timestamp);
    }

    /// @notice Posts a new round with `answer`, updated now (the block's time).
    function updateAnswer(int256 answer) external {
        _post(answer, block.timestamp);
    }

    /// @notice Posts a new round with `answer` and an explicit `updatedAt` (seconds), e.g. a stale one.
    function updateAnswerAt(int256 answer, uint256 updatedAt) external {
        _post(answer, updatedAt);
    }

    /// @notice A round's data; reverts with `NoDataPresent` for an unknown round.
    function getRoundData(
        uint80 roundId
    )
        external
        view
        returns (uint80, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        Round memory r = rounds[roundId];
        if (r.updatedAt == 0) revert NoDataPresent();
        return (roundId, r.answer, r.startedAt, r.updatedAt, roundId);
    }

    /// @notice The latest round's data.
    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        Round memory r = rounds[latestRound];
        return (latestRound, r.answer, r.startedAt, r.updatedAt, latestRound);
    }

    function _post(int256 answer, uint256 updatedAt) private {
        unchecked {
            ++latestRound;
        }
        rounds[latestRound] = Round(answer, updatedAt, updatedAt);
        emit AnswerUpdated(answer, latestRound, updatedAt);
    }
}
