import { describe, expect, it } from 'vitest';
import { labelStride, linearScale, nearestIndex, niceStep, niceTicks, ratio } from './scale';

describe('chart scales', () => {
  it('maps a domain onto a range, inverted for a y axis', () => {
    const y = linearScale([0, 200], [180, 0]);
    expect(y(0)).toBe(180);
    expect(y(100)).toBe(90);
    expect(y(200)).toBe(0);
    expect(linearScale([5, 5], [0, 100])(5)).toBe(0);
  });

  it('picks round steps', () => {
    expect(niceStep(100, 4)).toBe(25);
    expect(niceStep(1000, 5)).toBe(200);
    expect(niceStep(7, 4)).toBe(2);
    expect(niceStep(0, 4)).toBe(1);
  });

  it('gives round ticks from zero that cover the largest value', () => {
    expect(niceTicks(0, 95)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(0, 123456)).toEqual([0, 50000, 100000, 150000]);
    expect(niceTicks(0, 1.2)).toEqual([0, 0.5, 1, 1.5]);
  });

  it('keeps zero on the axis for negative values, and draws a flat series from zero', () => {
    expect(niceTicks(-30, 70)).toEqual([-50, -25, 0, 25, 50, 75]);
    expect(niceTicks(0, 0)).toEqual([0, 1]);
    expect(niceTicks(40, 40)).toEqual([0, 10, 20, 30, 40]);
  });

  it('thins labels so they do not overlap', () => {
    expect(labelStride(31, 300, 50)).toBe(6);
    expect(labelStride(7, 700, 50)).toBe(1);
    expect(labelStride(24, 320, 28)).toBe(3);
  });

  it('finds the point nearest to the pointer', () => {
    expect(nearestIndex(0, 10, 0, 90)).toBe(0);
    expect(nearestIndex(44, 10, 0, 90)).toBe(4);
    expect(nearestIndex(46, 10, 0, 90)).toBe(5);
    expect(nearestIndex(500, 10, 0, 90)).toBe(9);
  });

  it('gives shares between 0 and 1', () => {
    expect(ratio(50, 200)).toBe(0.25);
    expect(ratio(5, 0)).toBe(0);
    expect(ratio(-5, 10)).toBe(0);
  });
});
