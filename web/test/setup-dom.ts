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
configure({
  getElementError: (message) => {
    const error = new Error(message ?? "Element query failed");
    error.name = "TestingLibraryElementError";
    return error;
  },
});
