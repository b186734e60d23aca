import { Link } from "react-router";
import { FeatureCards, PricingSection, SecuritySection } from "../components/public/landing-sections";
import { ProductPreview } from "../components/public/product-preview";
import { PublicLayout } from "../components/public/public-layout";
import { useAuthState } from "../lib/auth-state";
import { PLAN_PRICE_USD, PRODUCT_NAME } from "../lib/brand";

function Hero() {
  const { authenticated } = useAuthState();
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-gradient-to-b from-indigo-50/80 to-slate-50 dark:from-indigo-950/40 dark:to-slate-950"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 py-20 sm:px-6 sm:py-28 lg:grid-cols-[minmax(0,1fr)_minmax(0,30rem)] lg:gap-12">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700 dark:text-indigo-300">
            AI meeting notes for client advisors
          </p>
          <h1
            id="hero-title"
            className="mt-4 max-w-3xl text-4xl font-semibold tracking-tight text-slate-900 sm:text-5xl dark:text-white"
          >
            Meeting notes your clients can trust
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-600 dark:text-slate-300">
            {PRODUCT_NAME} turns the recording of every client meeting into a transcript, a clear summary and a list of
            action items — built for financial advisers, lawyers and tax advisers who need to remember every detail.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            {authenticated ? (
              <Link to="/dashboard" className="btn-primary px-6 py-3 text-base">
                Go to Dashboard
              </Link>
            ) : (
              <Link to="/register" className="btn-primary px-6 py-3 text-base">
                Start for ${PLAN_PRICE_USD}/month
              </Link>
            )}
            <a href="#pricing-title" className="btn-secondary px-6 py-3 text-base">
              See pricing
            </a>
          </div>
        </div>
        <ProductPreview />
      </div>
    </section>
  );
}

export default function LandingPage() {
  return (
    <PublicLayout mainClassName="flex-1">
      <Hero />
      <FeatureCards />
      <SecuritySection />
      <PricingSection />
    </PublicLayout>
  );
}
