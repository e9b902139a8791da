/**
 * MapLibre GL JS, set up once for the app. Since v6 its worker is a module file of its own, which a
 * bundler does not find by itself: Vite emits it (and the chunk it imports) as a same-origin asset and
 * gives its address, so the Content-Security-Policy needs no blob: worker (worker-src 'self').
 */
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';

maplibregl.setWorkerUrl(workerUrl);

export { maplibregl };
