import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { signUpSubscriber } from '../support/accounts.js';

/** Files whose rows hold values no real training has: each is refused whole, naming the line, and nothing is written. */
describe('importing a file with values outside the bounds of real training', () => {
  let server: TestServer;
  let token: string;
  before(async () => {
    server = await startTestServer();
    ({ token } = await signUpSubscriber(server));
  });
  after(async () => server.stop());

  const header = 'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n';
  const fine = '2024-03-02 07:15:00,Legs,1h,Squat (Barbell),1,100,5,0,0,,,\n';
  const row = ({ date = '2024-03-02 07:15:00', duration = '1h', weight = '100', reps = '5', distance = '0', seconds = '0' }) =>
    `${date},Legs,${duration},Squat (Barbell),1,${weight},${reps},${distance},${seconds},,,\n`;

  async function refused(file: string) {
    const head = await server.system.events.headPosition();
    const res = await fetch(`${server.url}/api/imports`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' }, body: file });
    const body = (await res.json()) as { message: string };
    expect(await server.system.events.headPosition(), 'nothing is appended').to.equal(head);
    return { status: res.status, message: body.message };
  }

  it('refuses the 150-byte Strong file whose workout lasts 99999999999999 hours, naming its line and column', async () => {
    const file = header + row({ duration: '99999999999999h' });
    expect(file.length).to.be.below(200);
    const { status, message } = await refused(file);
    expect(status).to.equal(400);
    expect(message).to.match(/^Line 2, column Duration: .*longer than 24 hours/);
  });

  it('refuses a year outside 1900..2100 as written (0001 is not read as 1901) and a workout more than a day ahead of now', async () => {
    for (const date of ['0001-01-11 12:00:00', '1899-12-31 23:00:00', '9999-01-01 08:00:00']) {
      const { status, message } = await refused(header + fine + row({ date }));
      expect(status, date).to.equal(400);
      expect(message, date).to.match(/^Line 3, column Date: .*between 1900 and 2100/);
    }
    // The server's clock says 2026-11-18T15:00Z: a workout on the 20th has not happened yet.
    const { status, message } = await refused(header + row({ date: '2026-11-20 12:00:00' }));
    expect(status).to.equal(400);
    expect(message).to.match(/^Line 2, column Date: .*in the future/);
  });

  it('refuses a set of 10,000 reps, a weight of a ton and more, a run of 5,000 km and a timed set of more than a day', async () => {
    const cases: [string, string, RegExp][] = [
      [row({ reps: '10000' }), 'Reps', /at most 1000/],
      [row({ weight: '2500' }), 'Weight', /at most 2000/],
      [row({ distance: '5000' }), 'Distance', /at most 1000/],
      [row({ seconds: '200000' }), 'Seconds', /at most 86400/],
    ];
    for (const [line, column, must] of cases) {
      const { status, message } = await refused(header + fine + line);
      expect(status, column).to.equal(400);
      expect(message, column).to.match(new RegExp(`^Line 3, column ${column}: `)).and.to.match(must);
    }
  });

  it('refuses a workout of more than 1,000 sets, and a Hevy workout ending more than a day after its start', async () => {
    const many = await refused(header + fine.repeat(1001));
    expect(many.status).to.equal(400);
    expect(many.message).to.equal('Line 1002: the workout "Legs" has more than 1000 sets');
    const hevy =
      'title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe\n' +
      'Long,"26 Jul 2025, 07:06","28 Jul 2025, 08:10","",Bench Press (Barbell),,,0,normal,40,10,,,\n';
    const long = await refused(hevy);
    expect(long.status).to.equal(400);
    expect(long.message).to.match(/^Line 2, column end_time: .*more than 24 hours after the start/);
  });

  it('still imports the same file with sane values', async () => {
    const res = await fetch(`${server.url}/api/imports`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' }, body: header + fine + row({ date: '2026-11-19 10:00:00', reps: '1000', seconds: '86400' }) });
    expect(res.status).to.equal(201);
  });
});
