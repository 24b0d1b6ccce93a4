// What `use-sync-external-store/shim` resolves to in the build (vite.config.ts): React 19's own hook. The shim
// (wouter imports it, for React 17) would add its fallback to every first screen (bench/README.md).
export { useSyncExternalStore } from 'react';
