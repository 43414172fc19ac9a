import { fakeResponse, mockFetch } from '../test/fetch-mock';
import { apiRequest, getJson, HttpError } from './api-client';

describe('apiRequest', () => {
  it('sends cookies and a JSON body with its content type when there is a body', async () => {
    const fetch = mockFetch({ '/api/auth/login': () => fakeResponse(200, { ok: true }) });
    await apiRequest('POST', '/api/auth/login', { username: 'admin', password: 'secret' });
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/login',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: '{"username":"admin","password":"secret"}',
      }),
    );
  });

  it('sends neither body nor content type when there is no body', async () => {
    const fetch = mockFetch({ '/api/auth/logout': () => fakeResponse(204) });
    await apiRequest('POST', '/api/auth/logout');
    const init = fetch.mock.calls[0][1];
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toBeUndefined();
  });

  it('uses the JSON message of an error answer', async () => {
    mockFetch({
      '/api/settings/x': () =>
        fakeResponse(400, { statusCode: 400, message: 'Unknown setting x', error: 'Bad Request' }),
    });
    await expect(apiRequest('POST', '/api/settings/x', { value: 1 })).rejects.toThrow(
      new Error('400: Unknown setting x'),
    );
  });

  it('joins a list of JSON messages', async () => {
    mockFetch({ '/x': () => fakeResponse(400, { message: ['name is required', 'url is invalid'] }) });
    await expect(apiRequest('POST', '/x', {})).rejects.toThrow('400: name is required; url is invalid');
  });

  it('uses the body text when the body is not JSON or has no message', async () => {
    mockFetch({
      '/text': () => fakeResponse(502, 'Bad gateway from proxy'),
      '/json': () => fakeResponse(500, { error: 'boom' }),
    });
    await expect(apiRequest('GET', '/text')).rejects.toThrow(new Error('502: Bad gateway from proxy'));
    await expect(apiRequest('GET', '/json')).rejects.toThrow(new Error('500: {"error":"boom"}'));
  });

  it('falls back to the status text when the body is empty', async () => {
    mockFetch({ '/empty': () => fakeResponse(503, '', 'Service Unavailable') });
    const error = await apiRequest('GET', '/empty').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503, message: '503: Service Unavailable' });
  });
});

describe('getJson', () => {
  it('parses JSON and sends cookies', async () => {
    const fetch = mockFetch({ '/api/channel/stats': () => fakeResponse(200, { videoCount: 3 }) });
    await expect(getJson('/api/channel/stats')).resolves.toEqual({ videoCount: 3 });
    expect(fetch.mock.calls[0][1]).toMatchObject({ credentials: 'include' });
  });

  it('fails on 401 by default and yields null when asked to', async () => {
    mockFetch({ '/api/auth/me': () => fakeResponse(401, { statusCode: 401, message: 'Unauthorized' }) });
    await expect(getJson('/api/auth/me')).rejects.toThrow('401: Unauthorized');
    await expect(getJson('/api/auth/me', { on401: 'returnNull' })).resolves.toBeNull();
  });

  it('still fails on other errors when 401 yields null', async () => {
    mockFetch({ '/api/auth/me': () => fakeResponse(500, { message: 'Database down' }) });
    await expect(getJson('/api/auth/me', { on401: 'returnNull' })).rejects.toThrow('500: Database down');
  });
});
