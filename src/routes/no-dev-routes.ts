// What staging and production builds bundle instead of dev-routes.ts: no development routes at all.
export const devRoutes = [] as const;
