// The limit settings are defined in lib/limit-settings.ts, below config.ts, which reads them from the environment.
export { DEFAULT_AUTH_LIMITS, type AuthLimits } from '../../lib/limit-settings';
