import type { RequestHandler } from 'express';

/**
 * A path that is not valid percent-encoding (`%zz`, a lone `%`, bytes that are not
 * UTF-8) is a 400 on every path and for every method, answered before any handler or authentication runs.
 * express would otherwise fail later, when a route's parameters are decoded, and answer 500.
 */
export const rejectMalformedPaths: RequestHandler = (request, response, next) => {
  try {
    decodeURIComponent(request.path);
  } catch {
    response.status(400).json({ message: `Malformed percent-encoding in the path: ${request.path}` });
    return;
  }
  next();
};
