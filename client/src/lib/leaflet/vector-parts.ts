/**
 * What a map drawing vector layers (a tour's line, the pin picker's circle) needs besides the layers it imports:
 * L.Map's renderer lookup (SVG or canvas), which Leaflet registers from a module of its own (see map-parts.ts).
 * The vector layers load with the screens that draw them, not with the first screen's map (bench/README.md).
 */
import 'leaflet/src/layer/vector/Renderer.getRenderer.js';
