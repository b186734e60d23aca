import { Link } from "react-router";

export default function NotFoundPage() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4">
      <div className="card w-full max-w-md p-8 text-center">
        <h1>
          <span className="block text-5xl font-semibold tracking-tight text-indigo-600 dark:text-indigo-400">404</span>{" "}
          <span className="mt-3 block text-2xl font-semibold text-slate-900 dark:text-slate-100">Page not found</span>
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          Sorry, we couldn't find the page you were looking for. It may have been moved, or the address may be mistyped.
        </p>
        <Link to="/dashboard" className="btn-primary mt-6">
          Back to Dashboard
        </Link>
      </div>
    </div>
  );
}
