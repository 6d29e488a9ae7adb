import type { FinishMethod, QuestionInput, ScoringRulesInput } from '@pickem/domain/schema-types';
import { EVERY_RULE_ON } from './rules.ts';

/**
 * The demo season's cards. Wrestlers and titles are real names used for illustration; the results
 * are demo data, not a historical record. Team index 0 is listed first.
 */

export interface DemoTeam {
  name?: string;
  members: string[];
  champion?: boolean;
}

export interface DemoMatch {
  name?: string;
  points: number;
  preshow?: boolean;
  championships?: string[];
  teams: DemoTeam[];
  /** Index of the winning team, or a result without a winner, for events that get results. */
  result: number | 'DRAW' | 'NO_CONTEST';
  /** How a match with a winner ended, entered with its result. */
  method?: FinishMethod;
}

export interface DemoEvent {
  name: string;
  /** Days from today (negative: in the past) or a fixed date. */
  when: { date: string; startsAt: string } | { daysFromNow: number; hourUtc: number };
  /** How far the demo takes it. */
  state: 'UPCOMING' | 'BROADCAST' | 'SCORED';
  /** Its scoring rules (absent: every rule off), and the tie-break answer of a scored event that asks one. */
  rules?: ScoringRulesInput;
  tieBreakAnswer?: number;
  /** A player (index) who picks every winner and answers every question right: a perfect card. */
  perfectPlayer?: number;
  matches: DemoMatch[];
  /** Questions beyond the winner, each with the answer a scored event gets. */
  questions?: DemoQuestion[];
}

export interface DemoQuestion {
  input: QuestionInput;
  /** The right option indexes, or the number. */
  answer: number[] | number;
}

const solo = (...members: string[]): DemoTeam[] => members.map((m) => ({ members: [m] }));

/** A Royal Rumble's 30 entrants, in entry order. */
const rumble = [
  'Rey Mysterio',
  'Dragon Lee',
  'Sami Zayn',
  'Carmelo Hayes',
  'Chad Gable',
  'Shinsuke Nakamura',
  'Jimmy Uso',
  'Jey Uso',
  'Finn Balor',
  'Penta',
  'Dominik Mysterio',
  'Bron Breakker',
  'Sheamus',
  'Otis',
  'Andrade',
  'Braun Strowman',
  'AJ Styles',
  'Solo Sikoa',
  'Jacob Fatu',
  'Logan Paul',
  'Damian Priest',
  'CM Punk',
  'Seth Rollins',
  'Roman Reigns',
  'Bronson Reed',
  'LA Knight',
  'Drew McIntyre',
  'Akira Tozawa',
  'Rey Fenix',
  'John Cena',
];
const entrant = (name: string) => rumble.indexOf(name);

export const demoEvents: DemoEvent[] = [
  {
    name: 'AEW Revolution',
    when: { date: '2024-03-03', startsAt: '2024-03-04T01:00:00Z' },
    state: 'SCORED',
    matches: [
      {
        name: 'Zero Hour Trios',
        points: 5,
        preshow: true,
        result: 1,
        teams: [
          { name: 'The Acclaimed', members: ['Max Caster', 'Anthony Bowens', 'Billy Gunn'] },
          { name: 'House of Black', members: ['Malakai Black', 'Brody King', 'Buddy Matthews'] },
        ],
      },
      {
        name: 'Tornado Tag Team',
        points: 25,
        result: 0,
        championships: ['AEW World Tag Team Championship'],
        teams: [
          { members: ['Sting', 'Darby Allin'], champion: true },
          { name: 'The Young Bucks', members: ['Matthew Jackson', 'Nicholas Jackson'] },
        ],
      },
      {
        name: 'Three-Way',
        points: 20,
        result: 0,
        championships: ['AEW World Championship'],
        teams: [
          { members: ['Samoa Joe'], champion: true },
          { members: ['Swerve Strickland'] },
          { members: ['Hangman Adam Page'] },
        ],
      },
      { points: 15, result: 0, teams: solo('Will Ospreay', 'Konosuke Takeshita') },
      {
        points: 15,
        result: 0,
        championships: ["AEW Women's World Championship"],
        teams: [{ members: ['Toni Storm'], champion: true }, { members: ['Deonna Purrazzo'] }],
      },
      { points: 10, result: 1, teams: solo('Bryan Danielson', 'Eddie Kingston') },
      {
        points: 10,
        result: 0,
        championships: ['AEW TNT Championship'],
        teams: [{ members: ['Christian Cage'], champion: true }, { members: ['Daniel Garcia'] }],
      },
      {
        points: 10,
        result: 1,
        championships: ['AEW TBS Championship'],
        teams: [{ members: ['Julia Hart'], champion: true }, { members: ['Willow Nightingale'] }],
      },
      { points: 10, result: 0, teams: solo('Kazuchika Okada', 'Orange Cassidy') },
      { points: 10, result: 1, teams: solo('Chris Jericho', 'Katsuyori Shibata') },
    ],
  },
  {
    name: 'AEW Dynasty',
    when: { date: '2024-04-21', startsAt: '2024-04-22T00:00:00Z' },
    state: 'SCORED',
    matches: [
      { points: 5, preshow: true, result: 0, teams: solo('Rey Fenix', 'Komander') },
      {
        points: 25,
        result: 1,
        championships: ['AEW World Championship'],
        teams: [{ members: ['Samoa Joe'], champion: true }, { members: ['Swerve Strickland'] }],
      },
      { points: 20, result: 1, teams: solo('Bryan Danielson', 'Will Ospreay') },
      {
        name: 'Tag Team Tournament Final',
        points: 15,
        result: 0,
        championships: ['AEW World Tag Team Championship'],
        teams: [
          { name: 'The Young Bucks', members: ['Matthew Jackson', 'Nicholas Jackson'] },
          { name: 'FTR', members: ['Dax Harwood', 'Cash Wheeler'] },
        ],
      },
      {
        points: 15,
        result: 0,
        championships: ["AEW Women's World Championship"],
        teams: [{ members: ['Toni Storm'], champion: true }, { members: ['Thunder Rosa'] }],
      },
      {
        name: 'Four-Way',
        points: 10,
        result: 2,
        teams: solo('Kyle OReilly', 'Roderick Strong', 'Kazuchika Okada', 'Pac'),
      },
    ],
  },
  {
    name: 'AEW Double or Nothing',
    when: { date: '2024-05-26', startsAt: '2024-05-27T00:00:00Z' },
    state: 'SCORED',
    matches: [
      { points: 5, preshow: true, result: 1, teams: solo('Serena Deeb', 'Anna Jay') },
      {
        points: 25,
        result: 0,
        championships: ['AEW World Championship'],
        teams: [{ members: ['Swerve Strickland'], champion: true }, { members: ['Christian Cage'] }],
      },
      {
        name: 'Anarchy in the Arena',
        points: 20,
        result: 1,
        teams: [
          { name: 'Team AEW', members: ['Bryan Danielson', 'Dax Harwood', 'Cash Wheeler', 'Darby Allin'] },
          { name: 'The Elite', members: ['Jack Perry', 'Matthew Jackson', 'Nicholas Jackson', 'Kazuchika Okada'] },
        ],
      },
      {
        points: 15,
        result: 0,
        championships: ['AEW International Championship'],
        teams: [{ members: ['Will Ospreay'], champion: true }, { members: ['Roderick Strong'] }],
      },
      { points: 10, result: 'DRAW', teams: solo('Chris Jericho', 'Hook') }, // a time-limit draw
    ],
  },
  {
    name: 'AEW All In',
    when: { date: '2024-08-25', startsAt: '2024-08-25T17:00:00Z' },
    state: 'SCORED',
    // Player 3 calls every winner: the demo's perfect card.
    rules: { joker: true, methodBonus: 5, perfectCardBonus: 25 },
    perfectPlayer: 3,
    matches: [
      {
        name: 'Casino Gauntlet',
        points: 5,
        preshow: true,
        result: 3,
        teams: solo('Ricochet', 'Orange Cassidy', 'Wheeler Yuta', 'Christian Cage'),
      },
      {
        name: 'Title vs Career',
        points: 30,
        result: 1,
        championships: ['AEW World Championship'],
        teams: [{ members: ['Swerve Strickland'], champion: true }, { members: ['Bryan Danielson'] }],
      },
      {
        points: 20,
        result: 0,
        championships: ['AEW International Championship'],
        teams: [{ members: ['Will Ospreay'], champion: true }, { members: ['MJF'] }],
      },
      {
        points: 15,
        result: 1,
        championships: ["AEW Women's World Championship"],
        teams: [{ members: ['Toni Storm'], champion: true }, { members: ['Mariah May'] }],
      },
      {
        name: 'Four-Way Ladder',
        points: 15,
        result: 2,
        championships: ['AEW World Tag Team Championship'],
        teams: [
          { name: 'The Young Bucks', members: ['Matthew Jackson', 'Nicholas Jackson'], champion: true },
          { name: 'FTR', members: ['Dax Harwood', 'Cash Wheeler'] },
          { name: 'The Acclaimed', members: ['Max Caster', 'Anthony Bowens'] },
          { name: 'Private Party', members: ['Isiah Kassidy', 'Marq Quen'] },
        ],
      },
      { points: 10, result: 0, teams: solo('Darby Allin', 'Jack Perry') },
    ],
  },
  {
    name: 'WWE Royal Rumble',
    when: { date: '2025-02-01', startsAt: '2025-02-02T00:00:00Z' },
    state: 'SCORED',
    perfectPlayer: 3,
    matches: [
      {
        points: 20,
        result: 0,
        method: 'PINFALL',
        championships: ['Undisputed WWE Championship'],
        teams: [{ members: ['Cody Rhodes'], champion: true }, { members: ['Kevin Owens'] }],
      },
      { name: "Men's Royal Rumble", points: 30, result: entrant('Jey Uso'), teams: solo(...rumble) },
    ],
    questions: [
      {
        input: { kind: 'MULTI', text: 'The Final Four', options: rumble, pickCount: 4, points: 5 },
        answer: ['Jey Uso', 'John Cena', 'Logan Paul', 'CM Punk'].map(entrant),
      },
      {
        input: {
          kind: 'NUMBER',
          text: "The winner's entry number",
          points: 10,
          closePoints: 4,
          closeRange: 2,
        },
        answer: entrant('Jey Uso') + 1,
      },
      {
        input: { kind: 'CHOICE', text: 'Most eliminations', options: rumble, points: 5 },
        answer: [entrant('Bron Breakker')],
      },
    ],
  },
  {
    name: 'AEW Full Gear',
    when: { daysFromNow: 0, hourUtc: 1 },
    state: 'BROADCAST',
    rules: EVERY_RULE_ON,
    matches: [
      { points: 5, preshow: true, result: 0, teams: solo('Kyle Fletcher', 'Kevin Knight') },
      {
        points: 25,
        result: 0,
        method: 'PINFALL',
        championships: ['AEW World Championship'],
        teams: [{ members: ['Hangman Adam Page'], champion: true }, { members: ['Samoa Joe'] }],
      },
      {
        points: 15,
        result: 1,
        championships: ["AEW Women's World Championship"],
        teams: [
          { members: ['Kris Statlander'], champion: true },
          { members: ['Jamie Hayter'] },
          { members: ['Thekla'] },
        ],
      },
      { points: 10, result: 0, teams: solo('Darby Allin', 'Jon Moxley') },
    ],
    // Unanswered while live (its three-way has no result yet): the admin's "who takes the fall" helper's words.
    questions: [
      {
        input: {
          kind: 'CHOICE',
          text: 'Who takes the fall in Kris Statlander vs Jamie Hayter vs Thekla?',
          options: ['Kris Statlander', 'Jamie Hayter', 'Thekla'],
          points: 5,
        },
        answer: [2],
      },
    ],
  },
  {
    name: 'AEW Worlds End',
    when: { daysFromNow: 30, hourUtc: 1 },
    state: 'UPCOMING',
    matches: [
      {
        name: 'Continental Classic Final',
        points: 25,
        result: 0,
        championships: ['AEW Continental Championship'],
        teams: solo('Kazuchika Okada', 'Kyle Fletcher'),
      },
      {
        points: 20,
        result: 0,
        championships: ['AEW World Championship'],
        teams: [{ members: ['Hangman Adam Page'], champion: true }, { members: ['Swerve Strickland'] }],
      },
      {
        points: 10,
        preshow: true,
        result: 0,
        teams: [
          { name: 'The Hurt Syndicate', members: ['Bobby Lashley', 'Shelton Benjamin'], champion: true },
          { name: 'FTR', members: ['Dax Harwood', 'Cash Wheeler'] },
        ],
        championships: ['AEW World Tag Team Championship'],
      },
    ],
  },
  {
    name: 'AEW Grand Slam',
    when: { daysFromNow: 60, hourUtc: 0 },
    state: 'UPCOMING',
    matches: [
      { points: 15, result: 0, teams: solo('Will Ospreay', 'Konosuke Takeshita') },
      { points: 10, result: 0, teams: solo('Mercedes Mone', 'Toni Storm') },
    ],
  },
];

export const demoPlayers: string[] = [
  'Sam Hogarth',
  'Alex Rivera',
  'Priya Shah',
  'Jordan Lee',
  'Mia Chen',
  'Tom Becker',
  'Ana Souza',
  'Ken Watanabe',
  'Lucy Hart',
  'Omar Haddad',
  'Grace Kim',
  'Ben Carter',
  'Zoe Martin',
  'Ravi Patel',
  'Ella Novak',
  'Diego Ruiz',
  'Nina Petrova',
  'Leo Rossi',
  'Hana Sato',
  'Chris Doyle',
  'Maya Cohen',
  'Finn Walsh',
  'Ines Duarte',
  'Tariq Aziz',
];
