// The yardstick for agent reports: a bare `ws` server that reads each message as JSON and, on
// a {"type":"done"} message, answers how many it read. Its own process, like our server.
import { WebSocketServer } from 'ws';

const server = new WebSocketServer({ port: Number(process.env.PORT), host: '127.0.0.1' });
server.on('connection', (socket) => {
  let read = 0;
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    read += 1;
    if (message.type === 'done') socket.send(JSON.stringify({ type: 'read', read }));
  });
});
server.on('listening', () => process.send?.('ready'));
