FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /app

COPY pyproject.toml README.md ./
COPY config ./config
COPY tournaments ./tournaments
COPY pairing ./pairing
COPY tiebreaks ./tiebreaks
COPY templates ./templates
COPY static ./static
COPY locale ./locale
COPY manage.py ./
RUN pip install --no-cache-dir . && \
    DEBUG=0 SECRET_KEY=build-only ALLOWED_HOSTS=localhost python manage.py compile_catalogues && \
    DEBUG=0 SECRET_KEY=build-only ALLOWED_HOSTS=localhost python manage.py collectstatic --noinput

RUN useradd --create-home blossom
USER blossom
EXPOSE 8000
CMD ["gunicorn", "-c", "config/gunicorn.conf.py", "config.wsgi:application"]
