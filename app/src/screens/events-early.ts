/**
 * Inlined into index.html (app/early-script.ts): a returning player opening the events list has its
 * first queries sent while the app's script downloads. Other screens and invite links send nothing.
 */
import { parseRoute } from '@pickem/client/route';
import { sendEarlyQueries } from '../early-queries.ts';
import { firstQueries, yesterday } from './events-first.ts';

if (!window.location.pathname.startsWith('/join/') && parseRoute(window.location.hash).screen === 'events')
  sendEarlyQueries(firstQueries(yesterday()));
