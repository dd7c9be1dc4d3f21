/** Fastify's limit on one path parameter: longer ones still reach our pipes (404/422), not Fastify's 414. */
export const MAX_PATH_PARAM_LENGTH = 1024;
