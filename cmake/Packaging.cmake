# Debian packages with CPack, one per install component (scripts/package.sh builds them):
#   roce-agent    the daemon, its sandboxed systemd unit, its configuration (a conffile) and
#                 its manual page roce-agent(8)
#   roce-console  roce-console, rocectl, their manual pages (section 1), the desktop entry and
#                 the icon
# The manual pages are made from docs/*.md when the programs are built (docs/CMakeLists.txt).
# The catalogues are compiled into the programs (":/i18n"): nothing to install for them.
include(GNUInstallDirs)

set(ROCE_DEB_MAINTAINER "RoCE Fabric Console maintainers <roce-console@example.invalid>")
set(ROCE_DEB_RELEASE 1)
set(ROCE_DEB_VERSION "${PROJECT_VERSION}-${ROCE_DEB_RELEASE}")
# The changelog's date is the release's, not the build's: packages build reproducibly.
set(ROCE_DEB_DATE "Mon, 23 Nov 2026 00:00:00 +0000")

# The programs are built before packaging (scripts/package.sh names them), so installing
# must not first build "all": that would compile every test suite and benchmark too.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)

# Debian wants copyright and changelog.Debian.gz in /usr/share/doc/<package>.
set(ROCE_DEB_DOC_DIR "${CMAKE_CURRENT_BINARY_DIR}/debian-doc")
configure_file("${CMAKE_CURRENT_LIST_DIR}/debian/changelog.in" "${ROCE_DEB_DOC_DIR}/changelog.Debian"
               @ONLY)
find_program(ROCE_GZIP gzip REQUIRED)
# -n: no name or time stamp in the header, so the file is the same at every configure.
execute_process(COMMAND ${ROCE_GZIP} -9nf "${ROCE_DEB_DOC_DIR}/changelog.Debian"
                COMMAND_ERROR_IS_FATAL ANY)
foreach(component agent console)
  install(FILES "${CMAKE_CURRENT_LIST_DIR}/debian/copyright" "${ROCE_DEB_DOC_DIR}/changelog.Debian.gz"
          DESTINATION "${CMAKE_INSTALL_DATADIR}/doc/roce-${component}" COMPONENT ${component})
endforeach()

# The agent's maintainer scripts and its conffile list.
set(ROCE_DEB_AGENT_CONTROL "${CMAKE_CURRENT_BINARY_DIR}/debian-agent")
file(MAKE_DIRECTORY "${ROCE_DEB_AGENT_CONTROL}")
foreach(script postinst prerm postrm)
  file(COPY "${CMAKE_CURRENT_LIST_DIR}/debian/${script}" DESTINATION "${ROCE_DEB_AGENT_CONTROL}"
       FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ
                        WORLD_EXECUTE)
endforeach()
file(WRITE "${ROCE_DEB_AGENT_CONTROL}/conffiles" "/etc/roce-agent/roce-agent.conf\n")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME roce-fabric-console)
set(CPACK_PACKAGE_VENDOR "RoCE Fabric Console")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_CONTACT "${ROCE_DEB_MAINTAINER}")
# Empty: each package's description below starts with its own synopsis (otherwise CPack puts
# the project's description above both and lintian finds the synopsis duplicated).
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "")
set(CPACK_PACKAGE_DIRECTORY "${PROJECT_BINARY_DIR}/packages")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_COMPONENTS_ALL agent console)
set(CPACK_DEB_COMPONENT_INSTALL ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_RELEASE ${ROCE_DEB_RELEASE})
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${ROCE_DEB_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SOURCE roce-fabric-console)
set(CPACK_DEBIAN_PACKAGE_SECTION net)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://example.invalid/roce-fabric-console")
# dpkg-shlibdeps (dpkg-dev) turns the libraries the programs link into Depends.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)

set(CPACK_DEBIAN_AGENT_PACKAGE_NAME roce-agent)
set(CPACK_DEBIAN_AGENT_PACKAGE_SECTION net)
# adduser: postinst makes the service user; openssl: the unit's first start makes the TLS pair.
set(CPACK_DEBIAN_AGENT_PACKAGE_DEPENDS "adduser, openssl")
# The jobs the console can start, and the verbs providers for real NICs.
set(CPACK_DEBIAN_AGENT_PACKAGE_RECOMMENDS "ibverbs-providers, perftest, iperf3, sockperf, rdma-core")
set(CPACK_DEBIAN_AGENT_PACKAGE_SUGGESTS "python3-torch")
set(CPACK_DEBIAN_AGENT_PACKAGE_CONTROL_EXTRA)
foreach(file postinst prerm postrm conffiles)
  list(APPEND CPACK_DEBIAN_AGENT_PACKAGE_CONTROL_EXTRA "${ROCE_DEB_AGENT_CONTROL}/${file}")
endforeach()
set(CPACK_DEBIAN_AGENT_PACKAGE_CONTROL_STRICT_PERMISSION ON)
string(CONCAT CPACK_DEBIAN_AGENT_DESCRIPTION
    "RDMA host agent of RoCE Fabric Console\n"
    "roce-agent runs on each RDMA server of a lossless RoCEv2 fabric. It samples the\n"
    "RDMA port and hardware counters (PFC pauses, ECN marks, CNPs, drops), ethtool\n"
    "and netdev statistics, serves them to the console over TLS and as Prometheus\n"
    "metrics, and runs perftest, iperf3, sockperf and PyTorch training jobs on\n"
    "request. It runs as the unprivileged user roce-agent in a systemd sandbox.")

set(CPACK_DEBIAN_CONSOLE_PACKAGE_NAME roce-console)
set(CPACK_DEBIAN_CONSOLE_PACKAGE_SECTION net)
# Plugins, which dpkg-shlibdeps cannot see: the platform, SQLite for the run history, SVG.
set(CPACK_DEBIAN_CONSOLE_PACKAGE_DEPENDS "qt6-qpa-plugins, libqt6sql6-sqlite, libqt6svg6")
# A Secret Service for the keychain that holds tokens and passwords.
set(CPACK_DEBIAN_CONSOLE_PACKAGE_RECOMMENDS "gnome-keyring")
string(CONCAT CPACK_DEBIAN_CONSOLE_DESCRIPTION
    "operations console for lossless RoCEv2 fabrics\n"
    "roce-console watches PFC pauses, ECN/CNP marks and MMU drops of a RoCEv2 fabric\n"
    "live: Nexus switches over NX-API, servers through roce-agent or SSH. It runs\n"
    "RDMA, TCP and training experiments and compares their results. rocectl is its\n"
    "command-line counterpart.")

include(CPack)
