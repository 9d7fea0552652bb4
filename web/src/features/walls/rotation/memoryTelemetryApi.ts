import { baseApi } from '../../../api/baseApi';
import type { MemoryReport } from './memoryTelemetry';

/** POST /manage/video/client_memory_telemetry (under /n{shard}, with the CSRF token): 204; 429 within a minute. */
export const memoryTelemetryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendClientMemoryTelemetry: build.mutation<null, MemoryReport>({
      query: (body) => ({ url: '/manage/video/client_memory_telemetry', method: 'POST', body }),
    }),
  }),
});
