// A bare Express app answering one JSON body at one path, in a process of its own: the baseline an endpoint of the
// app is compared with (scripts/bench/apart.ts). Plain JavaScript, so it starts both ways the app can: with plain
// node, as `npm start` runs the compiled app, and with the tsx loader, as development and the tests run it.
// BARE_BODY_FILE holds the body, BARE_PATH the path, PORT the port.
import express from 'express';
import fs from 'node:fs';

const body = JSON.parse(fs.readFileSync(process.env.BARE_BODY_FILE, 'utf8'));
const app = express();
app.disable('x-powered-by');
app.get(process.env.BARE_PATH, (_req, res) => {
  res.json(body);
});
app.listen(Number(process.env.PORT), '127.0.0.1');
