// The doctest runner. One guard on top of doctest's own main: a run whose
// test case filter selects nothing fails. ctest runs each TEST_CASE by
// name (doctest_discover_tests), and CMake cuts a name at a ';', so such a
// test would select nothing and pass without running.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdio>

namespace {

bool nothing_selected = false;

struct SelectionListener : doctest::IReporter {
  explicit SelectionListener(const doctest::ContextOptions&) {}
  void report_query(const doctest::QueryData&) override {}
  void test_run_start() override {}
  void test_run_end(const doctest::TestRunStats& stats) override {
    nothing_selected = stats.numTestCasesPassingFilters == 0;
  }
  void test_case_start(const doctest::TestCaseData&) override {}
  void test_case_reenter(const doctest::TestCaseData&) override {}
  void test_case_end(const doctest::CurrentTestCaseStats&) override {}
  void test_case_exception(const doctest::TestCaseException&) override {}
  void subcase_start(const doctest::SubcaseSignature&) override {}
  void subcase_end() override {}
  void log_assert(const doctest::AssertData&) override {}
  void log_message(const doctest::MessageData&) override {}
  void test_case_skipped(const doctest::TestCaseData&) override {}
};

}  // namespace

DOCTEST_REGISTER_LISTENER("selection", 1, SelectionListener);

int main(int argc, char** argv) {
  doctest::Context context(argc, argv);
  const int result = context.run();
  if (context.shouldExit()) return result;
  if (nothing_selected) {
    std::fputs("no test case matches the filter (a ';' in a TEST_CASE name cuts it for ctest)\n", stderr);
    return 1;
  }
  return result;
}
