# Precompiled Qt and standard headers for the libraries with many sources: parsing them took
# about 1.6 s of every translation unit's compile, more than many of our files themselves.
# Tests and benchmarks, one source each, would spend as long building a header as they save.
# A source that forgets to include one of these headers still compiles here; configure with
# -DROCE_PRECOMPILED_HEADERS=OFF to see it fail.
option(ROCE_PRECOMPILED_HEADERS "Precompile Qt's and the standard library's headers" ON)

function(roce_precompile_headers target)
  cmake_parse_arguments(ARG "WIDGETS" "" "" ${ARGN})
  if(NOT ROCE_PRECOMPILED_HEADERS)
    return()
  endif()
  set(headers
    <QByteArray> <QCoreApplication> <QDateTime> <QElapsedTimer> <QHash> <QJsonArray>
    <QJsonDocument> <QJsonObject> <QList> <QObject> <QRegularExpression> <QSet> <QString>
    <QStringList> <QTimer>
    <algorithm> <cmath> <cstdint> <functional> <memory> <optional> <utility> <vector>)
  if(ARG_WIDGETS)
    list(APPEND headers <QAbstractItemModel> <QLabel> <QPainter> <QVBoxLayout> <QWidget>)
  endif()
  target_precompile_headers(${target} PRIVATE ${headers})
endfunction()
