// A C entry point into OMPEval's EquityCalculator for the equity race in src/bin/equity.rs: the
// ranges in OMPEval's own syntax, the board and dead cards as text, exact enumeration or Monte
// Carlo to a standard deviation, on the threads asked for; each player's equity out.
#include "omp/EquityCalculator.h"
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

extern "C" int ompeval_equity(const char* const* ranges, size_t players, const char* board,
                              const char* dead, int enumerate_all, double stdev_target,
                              unsigned threads, double* equities, uint64_t* hands) {
    std::vector<omp::CardRange> hand_ranges;
    for (size_t i = 0; i < players; ++i) {
        hand_ranges.emplace_back(std::string(ranges[i]));
    }
    omp::EquityCalculator calculator;
    uint64_t board_mask = omp::CardRange::getCardMask(board);
    uint64_t dead_mask = omp::CardRange::getCardMask(dead);
    // Monte Carlo stops only when the calculator updates its results, by default every 0.2 s:
    // sampling updates every 2 ms, so that its time is the time its standard error takes.
    double update_interval = enumerate_all != 0 ? 0.2 : 0.002;
    if (!calculator.start(hand_ranges, board_mask, dead_mask, enumerate_all != 0, stdev_target,
                          nullptr, update_interval, threads)) {
        return 0;
    }
    calculator.wait();
    omp::EquityCalculator::Results results = calculator.getResults();
    for (size_t i = 0; i < players; ++i) {
        equities[i] = results.equity[i];
    }
    *hands = results.hands;
    return 1;
}
