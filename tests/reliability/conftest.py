"""The reliability suite (docs/reliability.md): CI-sized by default, full counts with `pytest --long`.

The kill -9 test drives the real server with the helpers of the web tests (``web_helpers``), and the hub
tests use the devices tests' simulated cable (``fake_cable``): pyproject.toml puts both folders on the
import path for the whole suite.
"""
