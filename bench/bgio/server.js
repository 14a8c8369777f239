// boardgame.io 0.50 server for the baseline in bench/server.py: a four-player counter game where each
// player in turn makes one move. Listens on 127.0.0.1 only (lobby API and socket.io on the same port).
// Usage: node bench/bgio/server.js <port>
const { Server, Origins } = require('boardgame.io/server');

const Counter = {
  name: 'counter',
  minPlayers: 1,
  maxPlayers: 4,
  setup: () => ({ count: 0 }),
  moves: {
    inc: ({ G, events }) => {
      G.count += 1;
      events.endTurn();
    },
  },
};

const port = Number(process.argv[2] || 8100);
const server = Server({ games: [Counter], origins: [Origins.LOCALHOST, /127\.0\.0\.1/] });
server.run({ port, callback: () => console.log(`bgio listening on ${port}`) });
