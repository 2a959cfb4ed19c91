"""Public pages: no login, only public events and published rounds, cached whole
(tournaments/caching/)."""
