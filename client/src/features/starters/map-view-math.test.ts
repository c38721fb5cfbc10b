import { describe, expect, it } from 'vitest';
import {
  countSize,
  labelDrop,
  MARKER_PX,
  placeMarkers,
  placeNames,
  SPREAD_ALL_ZOOM,
  addressAfterMove,
  byPlace,
  inBounds,
  shownInView,
  spreadOffsets,
  viewBbox,
} from './map-view-math';

describe('viewBbox', () => {
  it('widens a view to whole tiles at its zoom', () => {
    const [west, south, east, north] = viewBbox(
      { west: -1.3, south: 53.7, east: -1.1, north: 53.9 },
      10,
    );
    expect(west).toBeLessThanOrEqual(-1.3);
    expect(east).toBeGreaterThanOrEqual(-1.1);
    expect(south).toBeLessThanOrEqual(53.7);
    expect(north).toBeGreaterThanOrEqual(53.9);
    // A small pan inside the same tiles asks the same question.
    expect(viewBbox({ west: -1.29, south: 53.701, east: -1.11, north: 53.899 }, 10)).toEqual([
      west,
      south,
      east,
      north,
    ]);
  });

  it('is the whole width once the view goes round the world', () => {
    const [west, , east] = viewBbox({ west: -300, south: -60, east: 300, north: 70 }, 1);
    expect([west, east]).toEqual([-180, 180]);
  });

  it('crosses the antimeridian with west above east', () => {
    const [west, , east] = viewBbox({ west: 170, south: -25, east: 195, north: -5 }, 5);
    expect(west).toBeGreaterThan(east);
    expect(west).toBeLessThanOrEqual(170);
    expect(east).toBeGreaterThanOrEqual(-165);
  });

  it('keeps south below north', () => {
    const [, south, , north] = viewBbox({ west: 0, south: -89, east: 10, north: 89 }, 0);
    expect(south).toBeLessThan(north);
  });
});

describe('inBounds', () => {
  const atlantic = { west: -80, south: -40, east: 20, north: 60 };
  it('holds what the view shows and nothing beside it', () => {
    expect(inBounds({ lat: 51.5, lng: -0.1 }, atlantic)).toBe(true); // London
    expect(inBounds({ lat: 45.5, lng: -122.7 }, atlantic)).toBe(false); // Portland
    expect(inBounds({ lat: 64.1, lng: -21.9 }, atlantic)).toBe(false); // Reykjavík, to the north
  });

  it('finds a place on the copy of the world the view shows', () => {
    // Leaflet's view after panning east past the antimeridian: Fiji at 178, Samoa at −172.
    const pacific = { west: 170, south: -30, east: 195, north: 0 };
    expect(inBounds({ lat: -18, lng: 178 }, pacific)).toBe(true);
    expect(inBounds({ lat: -13.8, lng: -172 }, pacific)).toBe(true);
    expect(inBounds({ lat: -13.8, lng: -160 }, pacific)).toBe(false);
    expect(inBounds({ lat: 51.5, lng: -0.1 }, { ...atlantic, west: -400, east: 400 })).toBe(true);
  });
});

describe('shownInView', () => {
  const view = { west: -10, south: 40, east: 10, north: 60 };
  const starter = (id: number, lng: number) => ({ id, lat: 50, lng });
  const cluster = (lng: number, count: number) => ({ lat: 50, lng, count });

  it('names only what stands in the visible bounds, and counts it', () => {
    const shown = shownInView(
      {
        starters: [starter(1, 0), starter(2, 15)],
        clusters: [cluster(5, 4), cluster(-20, 7)],
        total: 13,
      },
      view,
    );
    expect(shown.starters.map((s) => s.id)).toEqual([1]);
    expect(shown.clusters).toEqual([cluster(5, 4)]);
    expect(shown).toMatchObject({ count: 5, complete: true });
  });

  it('gives the whole total when the answer held only the newest', () => {
    const shown = shownInView(
      { starters: [starter(1, 0), starter(2, 15)], clusters: [], total: 900 },
      view,
    );
    expect(shown.starters.map((s) => s.id)).toEqual([1]);
    expect(shown).toMatchObject({ count: 900, complete: false });
  });
});

describe('spreadOffsets', () => {
  it('puts the first at the centre and every one apart, the same for the same ids', () => {
    const ids = [42, 7, 19, 3, 88, 61];
    const spread = spreadOffsets(ids);
    expect(spread.get(3)).toEqual([0, 0]);
    const points = [...spread.values()];
    for (let i = 0; i < points.length; i++) {
      for (let j = i + 1; j < points.length; j++) {
        const [a, b] = [points[i]!, points[j]!];
        expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeGreaterThanOrEqual(20);
      }
    }
    expect(spreadOffsets([...ids].reverse())).toEqual(spread);
  });
});

describe('placeMarkers', () => {
  const at = (id: number, lat = 45.5, lng = -122.6) => ({ id, lat, lng });
  it("draws clusters as counts, and a place's few starters one by one around its centre", () => {
    const placed = placeMarkers(
      { clusters: [{ lat: 1, lng: 2, count: 120 }], starters: [at(5), at(2), at(9, 47.6, -122.3)] },
      8,
    );
    expect(placed.map((m) => m.kind)).toEqual(['cluster', 'starter', 'starter', 'starter']);
    expect(placed[0]).toMatchObject({ lat: 1, lng: 2, dx: 0, dy: 0, size: countSize(120) });
    expect(countSize(120)).toBeGreaterThan(MARKER_PX);
    const portland = placed.filter((m) => m.kind === 'starter' && m.lat === 45.5);
    expect(portland.map((m) => [m.dx, m.dy])).toEqual([...spreadOffsets([2, 5]).values()]);
    expect(placed[3]).toMatchObject({ lat: 47.6, lng: -122.3, dx: 0, dy: 0, size: MARKER_PX });
  });

  it('shows a crowded place as its count until the map is close, then every starter', () => {
    const crowd = { clusters: [], starters: Array.from({ length: 9 }, (_, i) => at(i + 1)) };
    const far = placeMarkers(crowd, SPREAD_ALL_ZOOM - 1);
    expect(far).toHaveLength(1);
    expect(far[0]).toMatchObject({ kind: 'place', count: 9, size: countSize(9) });
    const close = placeMarkers(crowd, SPREAD_ALL_ZOOM);
    expect(close.map((m) => m.kind)).toEqual(Array(9).fill('starter'));
  });
});

describe('labelDrop', () => {
  const label = { x: 100, y: 100, width: 60, height: 14 };
  it('leaves a name where no marker stands on it', () => {
    expect(labelDrop(label, [])).toBe(0);
    expect(labelDrop(label, [{ x: 100, y: 60, size: 34 }])).toBe(0);
    expect(labelDrop(label, [{ x: 160, y: 100, size: 34 }])).toBe(0);
  });

  it('moves a covered name to just below the marker on its place', () => {
    // The marker's bottom is at 117; the name's top (93) goes to 119.
    expect(labelDrop(label, [{ x: 100, y: 100, size: 34 }])).toBe(26);
    // A marker beside the name, overlapping its end, covers it too.
    expect(labelDrop(label, [{ x: 140, y: 95, size: 34 }])).toBe(21);
  });

  it('goes on below each marker it meets on the way down, and no further', () => {
    const stack = [
      { x: 100, y: 100, size: 34 },
      { x: 110, y: 125, size: 34 },
      { x: 100, y: 200, size: 34 },
    ];
    // Below the first (top 119), it meets the second (bottom 142): top 144, clear of the third.
    expect(labelDrop(label, stack)).toBe(51);
  });
});

describe('placeNames', () => {
  const name = (x: number, y: number, width = 60) => ({ x, y, width, height: 14 });
  it('keeps the first of two names that would overlap, and every name clear of others', () => {
    expect(
      placeNames([name(100, 100), name(140, 105), name(100, 120), name(300, 100)], []),
    ).toEqual([0, null, 0, 0]);
  });

  it('weighs a name where its drop below the markers puts it', () => {
    const marker = { x: 100, y: 100, size: 34 };
    // Dropped to 119–133 below its marker, the first name now meets the one at 126.
    expect(placeNames([name(100, 100), name(100, 126)], [marker])).toEqual([26, null]);
    // The name of the place where the marker stands keeps its spot over a larger place's that
    // comes before it, whether that one was beside the marker or covered by it too.
    expect(placeNames([name(100, 126), name(100, 100)], [marker])).toEqual([null, 26]);
    expect(placeNames([name(125, 100), name(100, 100)], [marker])).toEqual([null, 26]);
    // One drawn further off is kept.
    expect(placeNames([name(100, 100), name(100, 150)], [marker])).toEqual([26, 0]);
  });
});

describe('byPlace', () => {
  it('groups starters standing at one centre', () => {
    const groups = byPlace([
      { id: 3, lat: 1, lng: 2 },
      { id: 1, lat: 1, lng: 2 },
      { id: 2, lat: 5, lng: 2 },
    ]);
    expect(groups.map((g) => g.map((s) => s.id))).toEqual([[1, 3], [2]]);
  });
});

describe('addressAfterMove', () => {
  it("writes the map's place into the address as it is now, filters that just landed kept", () => {
    const next = addressAfterMove(
      { pathname: '/browse', search: '?category=grain&view=map&at=9%2F45.5%2F-122.6' },
      '/browse',
      '10/45.5112/-122.5539',
    );
    expect(next && Object.fromEntries(next)).toEqual({
      category: 'grain',
      view: 'map',
      at: '10/45.5112/-122.5539',
    });
  });

  it('writes nothing once the member has left the map, for the list or another page', () => {
    expect(
      addressAfterMove({ pathname: '/browse', search: '?category=grain' }, '/browse', '10/1/2'),
    ).toBeNull();
    expect(
      addressAfterMove({ pathname: '/starter/5', search: '?view=map' }, '/browse', '10/1/2'),
    ).toBeNull();
  });
});
