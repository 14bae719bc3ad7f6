// C entry points into OMPEval's evaluator for the race in main.rs. Each loop is the one main.rs
// runs through cards-core: build each hand from its seven card ids (or take it prebuilt) and keep
// the best value, so that neither loop can be optimized away.
#include "omp/HandEvaluator.h"
#include <algorithm>
#include <cstddef>
#include <cstdint>

static const omp::HandEvaluator evaluator;

static omp::Hand from_ids(const uint8_t* ids) {
    return omp::Hand::empty() + ids[0] + ids[1] + ids[2] + ids[3] + ids[4] + ids[5] + ids[6];
}

extern "C" unsigned ompeval_value(const uint8_t* ids) {
    return evaluator.evaluate(from_ids(ids));
}

extern "C" unsigned ompeval_best_from_ids(const uint8_t (*hands)[7], size_t count) {
    unsigned best = 0;
    for (size_t i = 0; i < count; ++i)
        best = std::max<unsigned>(best, evaluator.evaluate(from_ids(hands[i])));
    return best;
}

extern "C" size_t ompeval_hand_size() {
    return sizeof(omp::Hand);
}

extern "C" void ompeval_build(const uint8_t (*hands)[7], size_t count, omp::Hand* built) {
    for (size_t i = 0; i < count; ++i)
        built[i] = from_ids(hands[i]);
}

extern "C" unsigned ompeval_best_prebuilt(const omp::Hand* hands, size_t count) {
    unsigned best = 0;
    for (size_t i = 0; i < count; ++i)
        best = std::max<unsigned>(best, evaluator.evaluate(hands[i]));
    return best;
}

// Every seven-card hand in nested loops, one card added per hand, as OMPEval's own benchmark
// enumerates them; with `Count`, the number of hands in each category, 1 (high card) to 9
// (straight flush), added to `categories`. A template, so the raced loop has no test of it.
template <bool Count>
static unsigned best_of_all_hands(uint64_t* categories) {
    unsigned best = 0;
    for (unsigned a = 0; a < 52; ++a) {
        omp::Hand h1 = omp::Hand::empty() + a;
        for (unsigned b = a + 1; b < 52; ++b) {
            omp::Hand h2 = h1 + b;
            for (unsigned c = b + 1; c < 52; ++c) {
                omp::Hand h3 = h2 + c;
                for (unsigned d = c + 1; d < 52; ++d) {
                    omp::Hand h4 = h3 + d;
                    for (unsigned e = d + 1; e < 52; ++e) {
                        omp::Hand h5 = h4 + e;
                        for (unsigned f = e + 1; f < 52; ++f) {
                            omp::Hand h6 = h5 + f;
                            for (unsigned g = f + 1; g < 52; ++g) {
                                unsigned value = evaluator.evaluate(h6 + g);
                                if (Count)
                                    ++categories[value >> 12];
                                best = std::max(best, value);
                            }
                        }
                    }
                }
            }
        }
    }
    return best;
}

extern "C" unsigned ompeval_best_of_all_hands() {
    return best_of_all_hands<false>(nullptr);
}

extern "C" void ompeval_count_all_hands(uint64_t* categories) {
    best_of_all_hands<true>(categories);
}
