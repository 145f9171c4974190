/**
 * Prints the test checkout rendered by react-dom/server in a plain Node process (no DOM at
 * all), for hydration.test.ts, whose own process has jsdom's `window` and `document`.
 */
import { renderToString } from 'react-dom/server';
import { checkout } from './checkout';

process.stdout.write(renderToString(checkout()));
