import { KEY, TYPE } from './keys';
import type { EventItem, MatchItem, PickItem, PredictionItem } from './items';
import type { Expression, ItemKey } from './transact';
import type { MatchFields } from './validate';

/** Primary keys of the items the write path touches, and the stored form of what it creates. */
export const ITEM_KEY = {
  event: (eventId: string): ItemKey => ({ PK: KEY.eventPk(eventId), SK: KEY.eventSk }),
  match: (eventId: string, matchId: string): ItemKey => ({ PK: KEY.eventPk(eventId), SK: KEY.matchSk(matchId) }),
  profile: (userId: string): ItemKey => ({ PK: KEY.userPk(userId), SK: KEY.profileSk }),
  prediction: (userId: string, event: EventItem): ItemKey => ({
    PK: KEY.userPk(userId),
    SK: KEY.predictionSk(event.date, event.id),
  }),
};

/** A new event's attributes (without its primary key). */
export function eventRecord(event: EventItem) {
  return {
    GSI_PK: KEY.eventsGsiPk,
    GSI_SK: KEY.eventsGsiSk(event.date, event.id),
    type: TYPE.event,
    ...event,
  };
}

/** A match's stored attributes (without its primary key); a new or edited match has no result. */
export function matchRecord(eventId: string, matchId: string, fields: MatchFields): MatchItem {
  return { id: matchId, eventId, ...fields, result: null };
}

export function matchAttributes(match: MatchItem) {
  return { type: TYPE.match, ...match };
}

/** An unscored prediction: listed under UNSCORED# in the event's GSI partition until scored. */
export function predictionRecord(userId: string, displayName: string, event: EventItem, picks: PickItem[], updatedAt: string) {
  const prediction: PredictionItem = {
    userId,
    displayName,
    eventId: event.id,
    eventName: event.name,
    eventDate: event.date,
    picks,
    points: null,
    correct: null,
    rank: null,
    updatedAt,
  };
  return prediction;
}

export function predictionAttributes(prediction: PredictionItem) {
  return {
    GSI_PK: KEY.predictionsGsiPk(prediction.eventId),
    GSI_SK: KEY.unscoredGsiSk(prediction.userId),
    type: TYPE.prediction,
    userId: prediction.userId,
    displayName: prediction.displayName,
    eventId: prediction.eventId,
    eventName: prediction.eventName,
    eventDate: prediction.eventDate,
    picks: prediction.picks,
    updatedAt: prediction.updatedAt,
  };
}

/** Creates or updates a player's profile item; with `keepName`, a name already set stays. */
export function profileUpdate(userId: string, displayName: string, keepName: boolean): Expression {
  return {
    expression: `SET #displayName = ${keepName ? 'if_not_exists(#displayName, :name)' : ':name'}, #id = :id, #type = :type`,
    names: { '#displayName': 'displayName', '#id': 'id', '#type': 'type' },
    values: { ':name': displayName, ':id': userId, ':type': TYPE.profile },
  };
}
