import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';

export const ADMIN = { username: 'admin', password: 'admin123' };

/** A supertest agent (keeps cookies) signed in as the development admin. */
export async function signedInAgent(server: unknown, credentials = ADMIN): Promise<TestAgent> {
  const agent = request.agent(server as Parameters<typeof request.agent>[0]);
  await agent.post('/api/auth/login').send(credentials).expect(200);
  return agent;
}

export function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  const sid = cookies.find((c) => c.startsWith('sid='));
  if (!sid) throw new Error('no session cookie in the answer');
  return sid.split(';')[0];
}
