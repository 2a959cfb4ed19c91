"""gunicorn settings for serving Blossom (`gunicorn -c config/gunicorn.conf.py
config.wsgi:application`), the ones bench/public_load.py measures.

Threaded workers: a cached public answer costs a fraction of a millisecond of CPU and
sometimes waits on Redis or the network, so several threads per process keep a core
busy. One process per core (`WEB_CONCURRENCY`, default: the number of cores).
`reuse_port` lets the kernel spread new connections evenly over the processes; without
it, the process that wakes first takes most of a burst of phones and their requests
wait longest (on 2 cores, 200 clients: p99 84-122 ms without, 71-87 ms with).
"""

import os

bind = os.environ.get("BIND", "0.0.0.0:8000")
worker_class = "gthread"
workers = int(os.environ.get("WEB_CONCURRENCY") or os.cpu_count() or 2)
threads = int(os.environ.get("WEB_THREADS") or 8)
reuse_port = True
backlog = 2048
keepalive = 5
timeout = 60
