/** Every endpoint lives under this path (spec section 9: the version is in the path). */
export const API_PREFIX = 'api/v1';
