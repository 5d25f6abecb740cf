// The Discord endpoint type: the same events as one embed in Discord's documented "Execute Webhook" body
// (https://discord.com/developers/docs/resources/webhook#execute-webhook). Every text is cut to Discord's
// limits so a long team or map name can never get a delivery refused.
import type { WebhookEvent } from '@versus/common/webhooks/events';

/** Discord's documented embed limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits). */
export const DISCORD_LIMITS = {
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  total: 6000,
  embeds: 10,
} as const;

export interface DiscordEmbed {
  title: string;
  description: string;
  url?: string;
  color: number;
  timestamp: string;
  author: { name: string };
  fields: { name: string; value: string; inline?: boolean }[];
  footer: { text: string };
}

export interface DiscordBody {
  username: string;
  embeds: DiscordEmbed[];
  allowed_mentions: { parse: never[] };
}

const TITLES: Record<WebhookEvent, string> = {
  'match.created': 'New match',
  'match.accepted': 'Challenge accepted',
  'match.cancelled': 'Match cancelled',
  'veto.finished': 'Maps decided',
  'server.ready': 'Game server ready',
  'map.finished': 'Map finished',
  'match.result': 'Match result',
  'dispute.opened': 'Match disputed',
  'dispute.resolved': 'Dispute resolved',
  'tournament.round-started': 'Tournament round started',
  'standings.changed': 'Standings changed',
  'match.starting-soon': 'Match starts in 15 minutes',
};

const COLORS = { info: 0x3b82f6, good: 0x22c55e, bad: 0xef4444 } as const;

function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

interface PayloadMatch {
  id: number;
  competition: string;
  url: string;
  challenger: { name: string; tag: string };
  opponent: { name: string; tag: string };
}

/** One embed for one delivery; `fields` are the payload's facts beyond the match (scores, maps, ...). */
export function discordBody(
  event: WebhookEvent,
  deliveryId: number,
  payload: Record<string, unknown>,
  createdAt: Date,
): DiscordBody {
  const match = payload.match as PayloadMatch;
  const versus = `${match.challenger.name} vs ${match.opponent.name}`;
  const fields: DiscordEmbed['fields'] = [];
  for (const [key, value] of Object.entries(payload)) {
    if (key === 'match' || value === null || value === undefined) continue;
    if (fields.length >= DISCORD_LIMITS.fields) break;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    fields.push({
      name: cut(key, DISCORD_LIMITS.fieldName),
      value: cut(text === '' ? '-' : text, DISCORD_LIMITS.fieldValue),
      inline: text.length < 40,
    });
  }
  const embed: DiscordEmbed = {
    title: cut(`${TITLES[event]}: ${versus}`, DISCORD_LIMITS.title),
    description: cut(`${match.competition} · match #${String(match.id)}`, DISCORD_LIMITS.description),
    url: match.url,
    color:
      event === 'match.cancelled' || event === 'dispute.opened'
        ? COLORS.bad
        : event === 'match.result'
          ? COLORS.good
          : COLORS.info,
    timestamp: createdAt.toISOString(),
    author: { name: cut(match.competition, DISCORD_LIMITS.author) },
    fields,
    footer: { text: cut(`Versus · ${event} · delivery ${String(deliveryId)}`, DISCORD_LIMITS.footer) },
  };
  // The 6000 characters count every title, description, field, footer and author text together.
  while (embedLength(embed) > DISCORD_LIMITS.total && embed.fields.length > 0) embed.fields.pop();
  if (embedLength(embed) > DISCORD_LIMITS.total) embed.description = cut(embed.description, 1000);
  return { username: 'Versus', embeds: [embed], allowed_mentions: { parse: [] } };
}

/** The characters Discord counts toward an embed's 6000. */
export function embedLength(embed: DiscordEmbed): number {
  return (
    embed.title.length +
    embed.description.length +
    embed.author.name.length +
    embed.footer.text.length +
    embed.fields.reduce((n, f) => n + f.name.length + f.value.length, 0)
  );
}
