import { describe, expect, it } from 'vitest';
import { availableBasemaps, basemapStyle, satelliteStyle } from '../src/components/map/basemap.ts';
import { geocodeUrl, readPlaces } from '../src/components/map/geocoder.ts';

describe('basemaps', () => {
  it('draws the satellite tiles with their attribution', () => {
    const style = satelliteStyle('https://tiles.example/{z}/{y}/{x}', 'Imagery © Example');
    expect(style.sources.satellite).toMatchObject({
      type: 'raster',
      tiles: ['https://tiles.example/{z}/{y}/{x}'],
      attribution: 'Imagery © Example',
    });
    expect(style.layers.map((l) => l.id)).toContain('satellite');
  });

  it('is the offline style when nothing is configured', () => {
    expect(availableBasemaps()).toEqual(['offline']);
    const style = basemapStyle('map');
    expect(typeof style).toBe('object');
    expect((style as { layers: { id: string }[] }).layers.map((l) => l.id)).toContain('borders');
  });
});

describe('place search', () => {
  it('asks each service in its own words', () => {
    expect(geocodeUrl({ url: 'https://photon.example/api/', format: 'photon' }, ' Greensboro ')).toBe(
      'https://photon.example/api/?q=Greensboro&limit=6',
    );
    expect(geocodeUrl({ url: 'https://nominatim.example/search', format: 'nominatim' }, 'Golden, CO')).toBe(
      'https://nominatim.example/search?q=Golden%2C+CO&limit=6&format=jsonv2',
    );
  });

  it('reads a Photon answer: label from its parts, extent as bounds, bad points dropped', () => {
    const places = readPlaces('photon', {
      features: [
        {
          geometry: { coordinates: [-79.79, 36.07] },
          properties: {
            name: 'Greensboro',
            state: 'North Carolina',
            country: 'United States',
            extent: [-80, 36.2, -79.6, 35.9],
          },
        },
        { geometry: { coordinates: [500, 10] }, properties: { name: 'Nowhere' } },
        {
          geometry: { coordinates: [-79.8, 36.1] },
          properties: { name: 'Greensboro', state: 'North Carolina', country: 'United States' },
        },
      ],
    });
    expect(places).toEqual([
      {
        label: 'Greensboro, North Carolina, United States',
        latitude: 36.07,
        longitude: -79.79,
        bounds: [-80, 35.9, -79.6, 36.2],
      },
      { label: 'Greensboro, North Carolina, United States (2)', latitude: 36.1, longitude: -79.8 },
    ]);
  });

  it('reads a Nominatim answer (strings for numbers)', () => {
    const places = readPlaces('nominatim', [
      {
        lat: '39.7555',
        lon: '-105.2211',
        display_name: 'Golden, Colorado',
        boundingbox: ['39.7', '39.8', '-105.3', '-105.1'],
      },
    ]);
    expect(places).toEqual([
      {
        label: 'Golden, Colorado',
        latitude: 39.7555,
        longitude: -105.2211,
        bounds: [-105.3, 39.7, -105.1, 39.8],
      },
    ]);
    expect(readPlaces('nominatim', { error: 'x' })).toEqual([]);
    expect(readPlaces('photon', null)).toEqual([]);
  });
});
