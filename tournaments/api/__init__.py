"""The REST API under /api/v1/: public reads (cached, with ETag and 304), arbiter
writes with token authentication, file exports, and the OpenAPI schema.

Reads need no authentication for public events. Writes take a token:
`python manage.py api_token USERNAME` prints the user's key (creating it once), and
requests send it as `Authorization: Token <key>`. The schema is at /api/schema/ and
browsable documentation at /api/docs/."""
