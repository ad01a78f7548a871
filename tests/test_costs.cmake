# Included by ctest after the discovered doctest cases (TEST_INCLUDE_FILES,
# tests/CMakeLists.txt): the expected seconds of the slowest doctest cases
# (the other tests have theirs in tests/CMakeLists.txt), so that
# `ctest -j N` starts them first. Without this a fresh tree (CI) has no
# timing data (Testing/Temporary/CTestCostData.txt), runs the tests in the
# order they are declared, and the slowest ones, declared late, start last
# and run alone at the end while the other core idles. Only the order the
# costs give matters, not the figures (from a RelWithDebInfo run on 2 cores).
set(notera_test_costs
  "reconstruct: real games from sheets written as the HCS writers write" 900
  "reconstruct: real games from sheets with slips at the HCS rates" 780
  "reconstruct: every page of the HCS labels gives a complete game" 320
  "reconstruct: real games from sheets with a few slips" 170
  "corpus: pgn-extract reads notera's PGN without a complaint and finds the same games" 80
  "corpus: nasty files convert, and notera's output reads back to the same games" 80
  "corpus: games rendered in nb, de, fr, ru and figurines read back to the same moves" 55
  "reconstruct: any input ends, within the time limit" 50
  "reconstruct: every decidable sheet of sheets-dev gives its game back exactly" 40
  "hostile: 2,000 mutated games" 37
  "reconstruct: two sheets that disagree give one game" 30)
list(LENGTH notera_test_costs notera_n)
math(EXPR notera_last "${notera_n} - 1")
foreach(i RANGE 0 ${notera_last} 2)
  math(EXPR j "${i} + 1")
  list(GET notera_test_costs ${i} name)
  list(GET notera_test_costs ${j} cost)
  # ctest passes over a name that is not a test (renamed, or not
  # registered: no node).
  set_tests_properties("${name}" PROPERTIES COST ${cost})
endforeach()
