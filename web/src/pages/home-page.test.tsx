import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { cleanup } from "@testing-library/react";
import { Route, Routes } from "react-router";
import HomePage from "./home-page";
import { renderPage, signedInUser } from "./public-pages-test-utils";

afterEach(cleanup);

const routes = (
  <Routes>
    <Route path="/" element={<HomePage />} />
    <Route path="/dashboard" element={<h1>Dashboard</h1>} />
  </Routes>
);

test("visitors see the landing page at /", async () => {
  const view = renderPage(routes, null, "/");
  expect(await view.findByRole("link", { name: "Sign in" })).toBeTruthy();
  expect(view.queryByRole("heading", { name: "Dashboard" })).toBeNull();
});

// Deleting a meeting navigates to "/" in the app: a signed-in user landed on the marketing page.
test("signed-in users reaching / in the app get the dashboard", async () => {
  const view = renderPage(routes, signedInUser, "/");
  expect(await view.findByRole("heading", { name: "Dashboard" })).toBeTruthy();
});
