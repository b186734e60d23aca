/**
 * Registers happy-dom's browser globals (window, document, localStorage, ...) for component tests.
 * Import it first in every DOM test file; the DOM suite runs in its own `bun test` process.
 */
import { GlobalRegistrator } from "@happy-dom/global-registrator";
import { configure } from "@testing-library/dom";

if (!GlobalRegistrator.isRegistered) {
  GlobalRegistrator.register({ url: "http://localhost:3000/", width: 1280, height: 800 });
}

// Failed queries print the message only: dumping the whole happy-dom tree is slow and unreadable.
// findBy/waitFor wait up to 15 s, not the library's 1 s: the DOM suite runs beside the server suites, and on a
// loaded machine a render can take over a second (CI failed a recording test at 1,045 ms). A wait is not a timing
// assertion; a test that means "not within X" says so with its own sleep.
configure({
  asyncUtilTimeout: 15_000,
  getElementError: (message) => {
    const error = new Error(message ?? "Element query failed");
    error.name = "TestingLibraryElementError";
    return error;
  },
});
