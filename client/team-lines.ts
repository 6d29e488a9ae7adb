/**
 * The card builder's teams, one a line: "The Young Bucks: Matthew Jackson & Nicholas Jackson (c)" is a
 * team named The Young Bucks, two members, holding the title. The name and "(c)" are optional.
 */
export interface TeamLine {
  name?: string | null;
  members: string[];
  champion?: boolean | null;
}

export function parseTeams(text: string): { name: string | null; members: string[]; champion: boolean }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const champion = /\(c\)\s*$/i.test(line);
      const body = line.replace(/\(c\)\s*$/i, '').trim();
      const colon = body.indexOf(':');
      const name = colon > 0 ? body.slice(0, colon).trim() : '';
      const members = (colon > 0 ? body.slice(colon + 1) : body)
        .split('&')
        .map((m) => m.trim())
        .filter(Boolean);
      return { name: name || null, members, champion };
    });
}

/** The lines `parseTeams` reads back as the same teams. */
export function teamLines(teams: readonly TeamLine[]): string {
  return teams
    .map((t) => `${t.name ? `${t.name}: ` : ''}${t.members.join(' & ')}${t.champion ? ' (c)' : ''}`)
    .join('\n');
}
