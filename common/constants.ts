/**
 * Business constants (docs/design.md, part 9, docs/design.md "Constants"). This is the only place they are defined;
 * client and server both import them from here.
 */

/** A story unlocks for a reader within this distance (server-enforced). */
export const UNLOCK_RADIUS_M = 100;
/** Nearby list, discoverable call and AR search radius. */
export const DISCOVERY_RADIUS_M = 1500;
/** Discovery list: "Ready to discover!" within this distance. */
export const READY_TO_DISCOVER_KM = 0.1;

export const DEFAULT_CENTER = { latitude: 32.0835, longitude: -81.0998 } as const;
export const DEFAULT_ZOOM = 13;
export const MAX_TILE_ZOOM = 18;
export const STORY_MARKER_PX = 40;
export const USER_MARKER_PX = 20;

/**
 * The one Earth radius (metres) of every distance in the app: PostGIS's mean sphere (ST_DistanceSphere, geography
 * with use_spheroid false), so the client, the server's haversine, the story index and the spatial SQL all agree.
 */
export const EARTH_RADIUS_M = 6_371_008.7714;

export const LIMITS = {
  usernameMin: 3,
  usernameMax: 20,
  displayNameMin: 2,
  displayNameMax: 50,
  bioMax: 150,
  passwordMin: 6,
  titleMax: 200,
  descriptionMax: 2_000,
  contentMax: 20_000,
  reportReasonMax: 500,
  /** Bounds on inputs that have no product limit of their own (docs/security.md, "Threat model": every text input has a maximum). */
  passwordMax: 256,
  emailMax: 254,
  resetCodeMax: 64,
  /** A number sent as text (coordinates, accuracy, duration); nothing legitimate is longer. */
  numberTextMax: 40,
  categoryMax: 64,
  /** The longest page cursor a list takes (lib/paging.ts seals every one). */
  cursorMax: 512,
  avatarInitials: 2,
  setupSteps: 3,
} as const;

export const PREVIEW_CHARS = { create: 200, list: 120, alert: 200 } as const;

export const AUDIO = {
  chunkMs: 100,
  skipSeconds: 15,
  /** Duration fallback: bytes / 16000, rounded up, when the timer says 0. */
  bytesPerSecondFallback: 16_000,
  mimeTypes: ['audio/webm;codecs=opus', 'audio/mp4', 'audio/ogg'],
  fileName: 'story.webm',
} as const;

export const GEOLOCATION_OPTIONS = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 } as const;

export const CREATE_DIALOG = { closeAfterSuccessMs: 1_000 } as const;

export const TOAST = { limit: 1, removeDelayMs: 1_000_000, durationMs: 5_000, swipeThresholdPx: 50 } as const;

export const NOTIFICATIONS = { pollMs: 30_000, badgeCap: 9 } as const;
export const SMART_SUGGESTIONS = { staleMs: 5 * 60_000, refetchMs: 10 * 60_000 } as const;

export const DISCOVERY = { fetchTimeoutMs: 10_000, mapRetries: 3 } as const;

export const AR = {
  /** Stories are shown within this many degrees either side of the heading. */
  fovDegrees: 60,
  countChoices: [1, 3, 5, 7] as const,
  /** "All" in the count selector means up to this many markers. */
  maxCount: 12,
  defaultCount: 5,
  markerMinPx: 50,
  markerMaxPx: 80,
  /** Marker scale is 1000 / distance, the distance floored at 100 m, clamped to 0.7-1.3. */
  scaleDistanceM: 1_000,
  minDistanceM: 100,
  minScale: 0.7,
  maxScale: 1.3,
  /** Marker centres stay within these percentages of the screen. */
  xRangePercent: [10, 90] as const,
  yRangePercent: [20, 70] as const,
  /** Markers overlapping by more than this share of the smaller one move to another column. */
  overlapThreshold: 0.15,
  columns: 3,
  titleMaxChars: 12,
  calibrationMs: 3_000,
  camera: { facingMode: 'environment', idealWidth: 1920, idealHeight: 1080 },
} as const;

/** Map call: stories within this radius of the reader, nearest first, capped. */
export const MAP_RADIUS_M = 50_000;
export const MAP_RESULT_CAP = 1_000;
/**
 * Discoverable call (nearby list, AR): the 50 nearest stories within 1500 m. A list of 50 cards is more than a
 * screen holds and AR shows at most 12; a cap of 200 made answers 60-110 KB and halved throughput (bench/README.md).
 */
export const DISCOVERABLE_RESULT_CAP = 50;
export const ALL_STORIES_DEFAULT_LIMIT = 100;
export const ALL_STORIES_MAX_LIMIT = 500;

/** Media pipeline (server): stored images are bounded to this longest side; thumbnails to the smaller one. */
export const MEDIA = {
  imageMaxSide: 2048,
  thumbnailMaxSide: 400,
  /**
   * Pixel ceiling for uploaded images, checked on the header before anything is decoded (a decompression bomb
   * declares 100 megapixels in a few kilobytes). A 50-megapixel camera photo passes.
   */
  imageMaxPixels: 50_000_000,
  /** Longest accepted audio/video duration in seconds (a form value above it is refused). */
  maxDurationSeconds: 6 * 3600,
} as const;

/** A story reported by this many distinct users is hidden from everyone but its author (docs/design.md, rule 7). */
export const REPORTS_TO_HIDE = 3;

/**
 * A report counts toward hiding only when its account was at least this old when it reported (and had unlocked
 * the story): a crowd of accounts made for the purpose cannot hide a story at once (docs/design.md, rule 14).
 */
export const REPORTER_MIN_ACCOUNT_AGE_HOURS = 24;

/** POST /api/stories: at most this many stories per user in the window. */
export const STORY_CREATE_RATE_LIMIT = { max: 30, timeWindowMs: 10 * 60_000 } as const;

/**
 * A reader's position is a claim (docs/design.md, rules 11-12, server/src/modules/location/claim-rules.ts).
 * The per-hour unlock budgets are configurable (config.ts); these are the rules' fixed figures.
 */
export const LOCATION_CLAIM = {
  /** Impossible travel: farther than this slack plus MAX_SPEED × the time since the last accepted claim. */
  travelSlackM: 2_000,
  maxSpeedKmh: 300,
  /** How long an impossible jump stops every unlock for that reader. */
  travelRefusalMs: 15 * 60_000,
  /** A fix less accurate than this (metres) never unlocks. */
  maxAccuracyM: 100,
  /** How long the last accepted position is kept (memory / shared store only, never the database). */
  claimTtlMs: 60 * 60_000,
  /** The unlock budget's sliding window. */
  budgetWindowMs: 60 * 60_000,
  /** Default unlock budgets per window (overridable by config). */
  visitorBudget: 30,
  userBudget: 120,
  /** An author may move a new story's pin this far from their last accepted position… */
  pinMoveM: 200,
  /** …when that position is at most this old. */
  pinFixMaxAgeMs: 10 * 60_000,
} as const;

/**
 * The id of the JSON data block in which the server writes the tile server into every page it serves (app.ts
 * `pageWithTiles`), so a map draws its tiles without waiting for GET /api/config (bench/README.md: the largest paint).
 */
export const PAGE_TILES_ELEMENT_ID = 'whispers-tiles';
