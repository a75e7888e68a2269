/**
 * The README's pictures show what the program draws today: the built CLI plays the bundled demo at
 * media/shots.json's moment in a real terminal (tmux), each shot's keys are sent in turn, and each
 * screen must equal the text scripts/media.sh kept beside its picture (media/NAME.txt). When the
 * screen changes on purpose, `bash scripts/media.sh` takes the pictures and their texts again.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {CLI_PATH} from './helpers/cli.js';
import {REPO_ROOT} from './helpers/python.js';
import {TmuxSession} from './helpers/tmux.js';

interface Shots {
	readonly columns: number;
	readonly rows: number;
	readonly at: string;
	readonly shots: ReadonlyArray<{readonly name: string; readonly keys: readonly string[]}>;
}

const media = join(REPO_ROOT, 'media');
const plan = JSON.parse(readFileSync(join(media, 'shots.json'), 'utf8')) as Shots;
/** capture-pane -p ends each line without its trailing blanks; compare the lines, not the final newline. */
const lines = (text: string): string[] => text.replace(/\n+$/, '').split('\n');

describe('the README pictures', () => {
	const tmux = new TmuxSession({
		name: 'media',
		width: plan.columns,
		height: plan.rows,
		command: `TZ=UTC CI=true node ${CLI_PATH} --demo --at ${plan.at}`,
	});
	const screens = new Map<string, string>();

	beforeAll(async () => {
		expect(tmux.start()).toBe(0);
		await tmux.waitFor('the demo at its moment', (text) => text.includes('replay paused'), 20_000);
		for (const shot of plan.shots) {
			const expected = lines(readFileSync(join(media, `${shot.name}.txt`), 'utf8'));
			for (const key of shot.keys) {
				tmux.keys(key);
				await sleep(300);
			}
			// The screen settles on the picture's text, or the last screen is what it drew instead.
			const deadline = Date.now() + 5000;
			let screen = tmux.screen();
			while (Date.now() < deadline && lines(screen).join('\n') !== expected.join('\n')) {
				await sleep(100);
				screen = tmux.screen();
			}
			screens.set(shot.name, screen);
		}
	}, 90_000);

	afterAll(() => tmux.kill());

	for (const shot of plan.shots) {
		it(`${shot.name}: the screen equals media/${shot.name}.txt (if not, run bash scripts/media.sh)`, () => {
			const expected = lines(readFileSync(join(media, `${shot.name}.txt`), 'utf8'));
			expect(lines(screens.get(shot.name) ?? '')).toEqual(expected);
		});
	}
});
