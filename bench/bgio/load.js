// Load generator for the boardgame.io baseline (bench/server.py runs it): <tables> matches x 4 players,
// each player a socket.io client; a move is the current player's 'update' emit, and its latency is the
// time until every other player's socket has the new state. Offered load: --rate moves/s (open loop;
// a move offered when no match is ready is counted as skipped), or --rate 0 for saturation (every match
// moves again as soon as its last move reached everyone). Prints one JSON line.
// Usage: node bench/bgio/load.js <port> <tables> <rate> <seconds>
const { io } = require('socket.io-client');

const [port, tables, rate, seconds] = process.argv.slice(2).map(Number);
const base = `http://127.0.0.1:${port}`;
const PLAYERS = 4;

async function post(path, body) {
  const r = await fetch(base + path, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return r.json();
}

function pct(values, q) {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

async function makeMatch() {
  const { matchID } = await post('/games/counter/create', { numPlayers: PLAYERS });
  const seats = [];
  for (let p = 0; p < PLAYERS; p++) {
    const { playerCredentials } = await post(`/games/counter/${matchID}/join`, { playerID: String(p), playerName: `p${p}` });
    seats.push({ playerID: String(p), credentials: playerCredentials, stateID: -1, state: null, waiters: [] });
  }
  const match = { matchID, seats, busy: false };
  await Promise.all(seats.map((seat) => new Promise((resolve, reject) => {
    const socket = io(`${base}/counter`, { transports: ['websocket'], reconnection: false });
    seat.socket = socket;
    const onState = (state) => {
      if (!state || state._stateID < seat.stateID) return;
      seat.stateID = state._stateID;
      seat.state = state;
      seat.waiters = seat.waiters.filter((w) => (w.stateID <= seat.stateID ? (w.resolve(), false) : true));
    };
    socket.on('sync', (_id, info) => { onState(info.state); resolve(); });
    socket.on('update', (_id, state) => onState(state));
    socket.on('connect_error', reject);
    socket.on('connect', () => socket.emit('sync', matchID, seat.playerID, seat.credentials, PLAYERS));
  })));
  return match;
}

function waitFor(seat, stateID, timeoutMs) {
  if (seat.stateID >= stateID) return Promise.resolve(true);
  return new Promise((resolve) => {
    const w = { stateID, resolve: () => { clearTimeout(w.timer); resolve(true); } };
    w.timer = setTimeout(() => { seat.waiters = seat.waiters.filter((x) => x !== w); resolve(false); }, timeoutMs);
    seat.waiters.push(w);
  });
}

async function move(match, stats) {
  match.busy = true;
  const current = match.seats[0].state.ctx.currentPlayer;
  const mover = match.seats[Number(current)];
  const stateID = mover.stateID;
  const t0 = performance.now();
  mover.socket.emit('update', {
    type: 'MAKE_MOVE', payload: { type: 'inc', args: [], playerID: mover.playerID, credentials: mover.credentials },
  }, stateID, match.matchID, mover.playerID);
  const others = match.seats.filter((s) => s !== mover);
  const ok = await Promise.all([mover, ...others].map((s) => waitFor(s, stateID + 1, 10000)));
  if (ok.every(Boolean)) stats.latencies.push(performance.now() - t0);
  else stats.timeouts += 1;
  match.busy = false;
}

async function main() {
  const matches = [];
  for (let i = 0; i < tables; i++) matches.push(await makeMatch());
  const stats = { latencies: [], timeouts: 0, skipped: 0, offered: 0 };
  const inflight = new Set();
  const started = performance.now();
  const end = started + seconds * 1000;
  const launch = (m) => { const p = move(m, stats).then(() => inflight.delete(p)); inflight.add(p); };
  if (rate > 0) {
    let next = 0;
    while (performance.now() < end) {
      const due = Math.floor(((performance.now() - started) / 1000) * rate);
      while (stats.offered < due) {
        stats.offered += 1;
        let picked = null;
        for (let k = 0; k < matches.length; k++) {
          const m = matches[(next + k) % matches.length];
          if (!m.busy) { picked = m; next = (next + k + 1) % matches.length; break; }
        }
        if (picked) launch(picked); else stats.skipped += 1;
      }
      await new Promise((r) => setTimeout(r, 2));
    }
  } else {
    const loop = async (m) => { while (performance.now() < end) await move(m, stats); };
    await Promise.all(matches.map(loop));
  }
  await Promise.all(inflight);
  const elapsed = (performance.now() - started) / 1000;
  console.log(JSON.stringify({
    moves: stats.latencies.length, elapsed, rate: stats.latencies.length / elapsed, offered: stats.offered,
    skipped: stats.skipped, timeouts: stats.timeouts, p50: pct(stats.latencies, 0.5),
    p95: pct(stats.latencies, 0.95), p99: pct(stats.latencies, 0.99),
  }));
  for (const m of matches) for (const s of m.seats) s.socket.close();
  process.exit(0);
}

main().catch((e) => { console.error(e); process.exit(1); });
