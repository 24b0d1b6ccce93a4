/**
 * What every Leaflet map here needs that no module imports by name (bench/README.md). The build takes Leaflet from its
 * source modules and treats them as free of side effects (vite.config.ts), so only what is used comes along and
 * the vector layers can load apart; these modules register themselves on L.Map when they run (the map's
 * handlers: drag, pinch and wheel zoom, double-tap, keyboard, box zoom, tap-hold; the zoom buttons and the
 * attribution line) and are kept by name in vite.config.ts. Import this before any map is made.
 */
import 'leaflet/src/map/handler/Map.BoxZoom.js';
import 'leaflet/src/map/handler/Map.DoubleClickZoom.js';
import 'leaflet/src/map/handler/Map.Drag.js';
import 'leaflet/src/map/handler/Map.Keyboard.js';
import 'leaflet/src/map/handler/Map.ScrollWheelZoom.js';
import 'leaflet/src/map/handler/Map.TapHold.js';
import 'leaflet/src/map/handler/Map.TouchZoom.js';
import 'leaflet/src/control/Control.Zoom.js';
import 'leaflet/src/control/Control.Attribution.js';
