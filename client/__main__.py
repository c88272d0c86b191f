import sys

from client.cli.main import main

sys.exit(main())
