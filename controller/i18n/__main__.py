"""``python -m controller.i18n extract|update|compile|check``: see controller/i18n/tool.py."""

from controller.i18n.tool import main

raise SystemExit(main())
