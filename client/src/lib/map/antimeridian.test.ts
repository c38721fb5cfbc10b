import { describe, expect, it } from 'vitest';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import land from 'world-atlas/land-110m.json';
import { unwrapRing } from './antimeridian';

const longestEdge = (ring: number[][]) =>
  Math.max(...ring.slice(1).map((p, i) => Math.abs(p[0]! - ring[i]![0]!)));

describe('land rings across the antimeridian', () => {
  it('Fiji’s ring goes on past 180° rather than across the world', () => {
    const fiji = [
      [179.4, -16.8],
      [180, -16.1],
      [-179.8, -16.0],
      [-179.9, -16.5],
      [179.4, -16.8],
    ];
    expect(longestEdge(fiji)).toBeGreaterThan(350);
    const drawn = unwrapRing(fiji);
    expect(longestEdge(drawn)).toBeLessThan(1);
    expect(drawn[2]).toEqual([180.2, -16.0]);
  });

  it('keeps a closing edge along the pole', () => {
    const antarctica = [
      [-180, -84],
      [-90, -70],
      [0, -70],
      [90, -70],
      [180, -84],
      [180, -90],
      [-180, -90],
      [-180, -84],
    ];
    expect(unwrapRing(antarctica)).toEqual(antarctica);
  });

  it('leaves no edge of the shipped outline across the world, but along a pole', () => {
    const topology = land as unknown as Topology<{ land: GeometryCollection }>;
    const collection = feature(topology, topology.objects.land) as unknown as {
      features: Array<{ geometry: { type: string; coordinates: number[][][][] } }>;
    };
    const rings = collection.features.flatMap((f) => f.geometry.coordinates.flat());
    const across = (ring: number[][]) =>
      ring.slice(1).filter((p, i) => {
        const q = ring[i]!;
        return Math.abs(p[0]! - q[0]!) > 180 && Math.abs(p[1]!) < 89.9 && Math.abs(q[1]!) < 89.9;
      }).length;
    expect(rings.some((r) => across(r) > 0)).toBe(true);
    expect(rings.map((r) => across(unwrapRing(r))).reduce((a, b) => a + b, 0)).toBe(0);
  });
});
