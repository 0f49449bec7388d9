import express from 'express';

/** The baseline: Express 5 answering a small JSON body, no auth, no database. */
const app = express();
app.disable('x-powered-by');
app.get('/api/me', (_req, res) => {
  res.json({ ok: true, username: 'bench', role: 'user', online: false, platforms: [], penalties: 0, profile: { nickname: '', signature: '', avatar: '' } });
});
const server = app.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  if (addr && typeof addr === 'object') console.log(`LISTENING http://127.0.0.1:${addr.port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
