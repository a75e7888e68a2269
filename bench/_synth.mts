import {startSynthDask} from './synth-server.js';
const s = await startSynthDask(Number(process.argv[2] ?? 3));
console.log(s.url);
setInterval(() => {}, 1e9);
