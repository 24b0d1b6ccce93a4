import { describe, expect, it } from 'vitest';
import { DRAFTS, ROUTE_FILE_MAX_BYTES, ROUTE_FILE_TOO_LARGE } from '#common/drafts';
import type { Draft } from '#common/draft-schemas';
import { offsetNorth } from '#common/geo';
import {
  NOT_READY_TO_PIN,
  draftsInListOrder,
  draftsInReach,
  notReadyToPin,
  plannedDistanceText,
  routeFileProblem,
  tourProgress,
} from './planned';

const HERE = { latitude: 32.0835, longitude: -81.0998 };

function draftAt(id: string, metresNorth: number): Draft {
  return {
    id,
    title: id,
    type: 'text',
    ...offsetNorth(HERE, metresNorth),
    fields: {},
    hasMedia: false,
    tourDraftId: null,
    createdAt: '',
    updatedAt: '',
  };
}

describe('routeFileProblem', () => {
  it('refuses a file over 2 MB with the server’s sentence, and takes one of exactly 2 MB', () => {
    expect(routeFileProblem({ size: ROUTE_FILE_MAX_BYTES + 1 })).toBe(ROUTE_FILE_TOO_LARGE);
    expect(ROUTE_FILE_TOO_LARGE).toBe('The route file is too large (at most 2 MB).');
    expect(routeFileProblem({ size: ROUTE_FILE_MAX_BYTES })).toBeNull();
    expect(routeFileProblem({ size: 0 })).toBeNull();
  });
});

describe('plannedDistanceText', () => {
  it('says how far the planned place is when the reader is known, in metres then kilometres', () => {
    expect(plannedDistanceText(HERE, offsetNorth(HERE, 350))).toBe('350m from you');
    expect(plannedDistanceText(HERE, offsetNorth(HERE, 2000))).toBe('2.0km from you');
  });
  it('says nothing when the reader’s position is unknown', () => {
    expect(plannedDistanceText(null, HERE)).toBeNull();
  });
});

describe('draftsInReach', () => {
  it('keeps the drafts within the 200 m pin reach, nearest first', () => {
    const drafts = [draftAt('far', 250), draftAt('edge', DRAFTS.pinReachM - 1), draftAt('near', 20)];
    expect(draftsInReach(drafts, HERE).map((d) => d.id)).toEqual(['near', 'edge']);
  });
  it('offers nothing without a position', () => {
    expect(draftsInReach([draftAt('near', 0)], null)).toEqual([]);
  });
});

describe('tourProgress', () => {
  const stop = (pinned: boolean) => ({ pinned });
  it('counts the pinned stops and allows publishing from two', () => {
    expect(tourProgress({ stops: [stop(false), stop(false), stop(false)] as never })).toEqual({
      line: '0 of 3 pinned',
      canPublish: false,
    });
    expect(tourProgress({ stops: [stop(true), stop(false), stop(false)] as never }).canPublish).toBe(false);
    expect(tourProgress({ stops: [stop(true), stop(true), stop(false)] as never })).toEqual({
      line: '2 of 3 pinned',
      canPublish: true,
    });
  });
});

describe('notReadyToPin', () => {
  it('asks for a category and, for a text story, its words (an imported stop has neither)', () => {
    expect(notReadyToPin({ type: 'text', fields: { title: 'Gate', content: '' } })).toBe(NOT_READY_TO_PIN);
    expect(notReadyToPin({ type: 'text', fields: { title: 'Gate', category: 'History', content: '  ' } })).toBe(
      NOT_READY_TO_PIN,
    );
    expect(notReadyToPin({ type: 'text', fields: { category: 'History', content: 'Once…' } })).toBeNull();
    expect(notReadyToPin({ type: 'image', fields: { category: 'History' } })).toBeNull();
  });
});

describe('draftsInListOrder', () => {
  it('lists single plans first, then each tour’s stops in the tour’s order', () => {
    const stop = (id: string, tour: string) => ({ ...draftAt(id, 0), tourDraftId: tour });
    const drafts = [stop('c', 'T'), draftAt('single-new', 0), stop('a', 'T'), stop('b', 'T'), draftAt('single-old', 0)];
    const tours = [{ id: 'T', stops: ['a', 'b', 'c'].map((draftId) => ({ draftId })) }] as never;
    expect(draftsInListOrder(drafts, tours).map((d) => d.id)).toEqual(['single-new', 'single-old', 'a', 'b', 'c']);
  });
});
