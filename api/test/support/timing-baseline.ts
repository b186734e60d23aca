// The baseline rule for time bounds in tests (see docs/testing.md). It lives in @cm/ai's test support so that the
// ai package's tests can use it too; api tests import it from here.
export * from "@cm/ai/test-support/timing-baseline";
