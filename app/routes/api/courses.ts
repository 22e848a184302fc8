import { apiRoute } from "../../lib/api.server";
import { apiError } from "../../../server/http/errors";

export const loader = apiRoute(async () => apiError(404));
