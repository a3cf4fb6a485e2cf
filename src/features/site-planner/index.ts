/** What other features use of the site planner: the plan drawn read only, and its live reads. */
export { SitePlanView } from './site-plan-view.tsx';
export { useSitePlan, useSiteItems } from './use-site-plan.ts';
