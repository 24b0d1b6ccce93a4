// lint-as: client/src/features/tours/api/lint-fixture-hand-built-url.ts
// expect: no-restricted-syntax
// A feature building an /api URL by hand instead of calling the route by name.
export const tourUrl = (id: string) => `/api/tours/${encodeURIComponent(id)}`;
export const toursUrl = '/api/tours';
